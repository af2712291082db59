import type { PostalAddress } from "@kindred/contracts";

/** An address on one line, as a person reads it: "62 Hoop Lane, Golders Green, London, NW11 7NL". */
export function formatPostalAddress(address: PostalAddress): string {
  return [address.line1, address.line2, address.locality, address.county, address.postcode]
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(", ");
}
