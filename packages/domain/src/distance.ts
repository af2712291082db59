/** A point on the map, in degrees (WGS84), as postcode and branch data give it. */
export interface Coordinate {
  latitude: number;
  longitude: number;
}

/** Miles between two points on the Earth's surface along a great circle (haversine). */
export function milesBetween(from: Coordinate, to: Coordinate): number {
  const earthRadiusMiles = 3958.8;
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const latitudeChange = radians(to.latitude - from.latitude);
  const longitudeChange = radians(to.longitude - from.longitude);
  const a =
    Math.sin(latitudeChange / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(longitudeChange / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Distances are shown to a tenth of a mile: "3.4 miles". */
export function roundToTenth(miles: number): number {
  return Math.round(miles * 10) / 10;
}

interface Placed {
  isDefault: boolean;
  coordinate: Coordinate | null;
}

/**
 * Crematoria in the order a person choosing one wants them: the one the funeral director
 * arranges first (it is always the nearest suitable), then named crematoria nearest the chosen
 * funeral director first, each with its distance. Without a funeral director's position, or for
 * a crematorium with no position, the catalogue's own order is kept after those with a distance.
 */
export function crematoriaNearestFirst<T extends Placed>(
  crematoria: readonly T[],
  from: Coordinate | null,
): (T & { distanceMiles: number | null })[] {
  const withDistance = crematoria.map((crematory, position) => ({
    crematory: {
      ...crematory,
      distanceMiles:
        from && crematory.coordinate && !crematory.isDefault
          ? roundToTenth(milesBetween(from, crematory.coordinate))
          : null,
    },
    position,
  }));
  const rank = ({ crematory }: (typeof withDistance)[number]) =>
    crematory.isDefault ? -1 : (crematory.distanceMiles ?? Number.POSITIVE_INFINITY);
  return withDistance
    .sort((a, b) => rank(a) - rank(b) || a.position - b.position)
    .map(({ crematory }) => crematory);
}
