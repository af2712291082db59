import path from "node:path";
import { csvRows, loadOnce } from "../../csv-table";

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
  const districts = new Map<string, PostTown[]>();
  for (const { cells, line } of csvRows(csv, source, header)) {
    const [outcode = "", town = "", county = "", country = ""] = cells;
    if (cells.length !== 4 || !districtPattern.test(outcode) || town === "" || !nations.has(country)) {
      throw new Error(`${source}: line ${line} is not a district with its post town, county and country`);
    }
    const towns = districts.get(outcode) ?? [];
    towns.push({ town, county, country });
    districts.set(outcode, towns);
  }
  return districts;
}

const readPostTowns = loadOnce(parsePostTowns);

/**
 * Every district's post towns, from `uk-post-towns.csv` in the content folder (its source is in
 * `uk-post-towns.md` beside it), read once per process (`loadOnce`); a failed read is tried again
 * by the next lookup.
 */
export function loadPostTowns(contentDirectory: string): Promise<PostTowns> {
  return readPostTowns(path.join(contentDirectory, "uk-post-towns.csv"));
}
