import { readFile } from "node:fs/promises";
import path from "node:path";

import type { Coordinate } from "@kindred/domain";

/**
 * The shape of a UK postcode, as Royal Mail allocates them: an outward code (area letters, then
 * the district: A9, A99, A9A, AA9, AA99 or AA9A) and an inward code (a digit and two letters,
 * never C, I, K, M, O or V). Q, V and X never start a postcode. Whether a district really exists
 * is for the districts file to say, so a well-formed but unknown one is not refused here.
 */
const outwardCode = "[A-PR-UWYZ][A-Z]?\\d[A-Z\\d]?";
const inwardCode = "\\d[ABD-HJLNP-UW-Z]{2}";
const fullPostcodePattern = new RegExp(`^(${outwardCode})${inwardCode}$`);
const districtPattern = new RegExp(`^${outwardCode}$`);

/**
 * The district (outward code) of a full postcode ("sw1a 1aa" -> "SW1A") or of a district typed
 * on its own ("SW1A"), in capitals; null when the text is neither.
 */
export function postcodeDistrict(postcode: string): string | null {
  const compact = postcode.replace(/\s+/g, "").toUpperCase();
  const full = fullPostcodePattern.exec(compact);
  if (full?.[1]) return full[1];
  return districtPattern.test(compact) ? compact : null;
}

export type PostcodeDistricts = ReadonlyMap<string, Coordinate>;

/** Reads `outcode,latitude,longitude` lines; a malformed line stops the read with its number. */
function parsePostcodeDistricts(csv: string, source: string): PostcodeDistricts {
  const districts = new Map<string, Coordinate>();
  const lines = csv.split(/\r?\n/);
  if (lines[0]?.trim() !== "outcode,latitude,longitude") {
    throw new Error(`${source}: the first line must be outcode,latitude,longitude`);
  }
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === "") return;
    const [outcode = "", latitude = "", longitude = ""] = line.split(",").map((cell) => cell.trim());
    const coordinate = { latitude: Number(latitude), longitude: Number(longitude) };
    if (
      !districtPattern.test(outcode) ||
      latitude === "" ||
      longitude === "" ||
      !Number.isFinite(coordinate.latitude) ||
      !Number.isFinite(coordinate.longitude)
    ) {
      throw new Error(`${source}: line ${index + 2} is not a district with its latitude and longitude`);
    }
    districts.set(outcode, coordinate);
  });
  return districts;
}

const loaded = new Map<string, Promise<PostcodeDistricts>>();

/**
 * The centre of every postcode district, from `uk-outcodes.csv` in the content folder. The file
 * is product data that changes only with a release, so each process reads it once.
 */
export function loadPostcodeDistricts(contentDirectory: string): Promise<PostcodeDistricts> {
  const file = path.join(contentDirectory, "uk-outcodes.csv");
  let districts = loaded.get(file);
  if (!districts) {
    districts = readFile(file, "utf8").then((csv) => parsePostcodeDistricts(csv, file));
    // A failed read is not remembered, so the next search tries the file again.
    districts.catch(() => loaded.delete(file));
    loaded.set(file, districts);
  }
  return districts;
}
