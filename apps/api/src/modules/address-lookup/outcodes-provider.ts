import { normalisePostcode, postcodeOutcode } from "@kindred/domain";
import type { AddressLookupProvider } from "./provider";
import type { PostTown, PostTowns } from "./post-towns";

/** Ids this provider hands out: the postcode and the post town, so an id stays good across releases. */
const idPrefix = "outcode";

function suggestionId(postcode: string, town: string): string {
  return `${idPrefix}:${postcode}:${town}`;
}

function readId(id: string): { postcode: string; town: string } | null {
  const [prefix, postcode, town, ...rest] = id.split(":");
  if (prefix !== idPrefix || postcode === undefined || town === undefined || rest.length > 0) return null;
  return { postcode, town };
}

/**
 * The default provider, which needs no account: it checks and formats the postcode (the domain's
 * rules, on the `postcode` package) and places it in its post town and county from the bundled
 * district data. It knows no streets or houses, so the person types those. A text that is not a
 * full postcode, or a postcode in a district the data does not have, finds nothing.
 */
export function createOutcodesProvider(postTowns: () => Promise<PostTowns>): AddressLookupProvider {
  async function townsOf(postcode: string): Promise<readonly PostTown[]> {
    const outcode = postcodeOutcode(postcode);
    if (!outcode) return [];
    return (await postTowns()).get(outcode) ?? [];
  }

  return {
    async autocomplete(query) {
      const postcode = normalisePostcode(query);
      if (!postcode) return [];
      return (await townsOf(postcode)).map(({ town }) => ({
        id: suggestionId(postcode, town),
        text: `${postcode}, ${town}`,
      }));
    },

    async details(id) {
      const parts = readId(id);
      const postcode = parts ? normalisePostcode(parts.postcode) : null;
      if (!parts || !postcode || postcode !== parts.postcode) return null;
      const place = (await townsOf(postcode)).find(({ town }) => town === parts.town);
      if (!place) return null;
      return {
        line1: "",
        line2: "",
        line3: "",
        locality: place.town,
        county: place.county,
        country: place.country,
        postcode,
      };
    },
  };
}
