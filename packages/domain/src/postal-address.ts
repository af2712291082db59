/** A UK postal address as the site stores it: two lines, a town, a county and a postcode. */
interface PostalAddressParts {
  line1: string;
  line2: string;
  locality: string;
  county: string;
  postcode: string;
}

/** An address on one line, as a person reads it: "62 Hoop Lane, Golders Green, London, NW11 7NL". */
export function formatPostalAddress(address: PostalAddressParts): string {
  return [address.line1, address.line2, address.locality, address.county, address.postcode]
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(", ");
}
