import { readFile } from "node:fs/promises";
import path from "node:path";

/** A postcode district's post town, with its former postal county and nation. */
export interface PostTown {
  town: string;
  county: string;
  country: string;
}

/** Each district's post towns: usually one, several where Royal Mail shares a district. */
export type PostTowns = ReadonlyMap<string, readonly PostTown[]>;

const header = "outcode,post_town,county,country";
const districtPattern = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const nations = new Set(["England", "Wales", "Scotland", "Northern Ireland"]);

/** Reads `outcode,post_town,county,country` lines; a malformed line stops the read with its number. */
export function parsePostTowns(csv: string, source: string): PostTowns {
  const lines = csv.split(/\r?\n/);
  if (lines[0]?.trim() !== header) throw new Error(`${source}: the first line must be ${header}`);
  const districts = new Map<string, PostTown[]>();
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === "") return;
    const cells = line.split(",").map((cell) => cell.trim());
    const [outcode = "", town = "", county = "", country = ""] = cells;
    if (cells.length !== 4 || !districtPattern.test(outcode) || town === "" || !nations.has(country)) {
      throw new Error(
        `${source}: line ${index + 2} is not a district with its post town, county and country`,
      );
    }
    const towns = districts.get(outcode) ?? [];
    towns.push({ town, county, country });
    districts.set(outcode, towns);
  });
  return districts;
}

const loaded = new Map<string, Promise<PostTowns>>();

/**
 * Every district's post towns, from `uk-post-towns.csv` in the content folder (its source is in
 * `uk-post-towns.md` beside it). Product data that changes only with a release: read once.
 */
export function loadPostTowns(contentDirectory: string): Promise<PostTowns> {
  const file = path.join(contentDirectory, "uk-post-towns.csv");
  let towns = loaded.get(file);
  if (!towns) {
    towns = readFile(file, "utf8").then((csv) => parsePostTowns(csv, file));
    // A failed read is not remembered, so the next lookup tries the file again.
    towns.catch(() => loaded.delete(file));
    loaded.set(file, towns);
  }
  return towns;
}
