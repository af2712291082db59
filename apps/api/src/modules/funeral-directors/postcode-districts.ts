import path from "node:path";

import type { Coordinate } from "@kindred/domain";
import { csvRows, loadOnce } from "../../csv-table";

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
  for (const { cells, line } of csvRows(csv, source, "outcode,latitude,longitude")) {
    const [outcode = "", latitude = "", longitude = ""] = cells;
    const coordinate = { latitude: Number(latitude), longitude: Number(longitude) };
    if (
      !districtPattern.test(outcode) ||
      latitude === "" ||
      longitude === "" ||
      !Number.isFinite(coordinate.latitude) ||
      !Number.isFinite(coordinate.longitude)
    ) {
      throw new Error(`${source}: line ${line} is not a district with its latitude and longitude`);
    }
    districts.set(outcode, coordinate);
  }
  return districts;
}

const readPostcodeDistricts = loadOnce(parsePostcodeDistricts);

/**
 * The centre of every postcode district, from `uk-outcodes.csv` in the content folder, read once
 * per process (`loadOnce`); a failed read is tried again by the next search.
 */
export function loadPostcodeDistricts(contentDirectory: string): Promise<PostcodeDistricts> {
  return readPostcodeDistricts(path.join(contentDirectory, "uk-outcodes.csv"));
}
