import type { AddressSuggestion, FoundAddress } from "@kindred/contracts";

/**
 * Who finds addresses (docs/decisions/013-address-lookup.md). The routes know only this; the
 * setting ADDRESS_LOOKUP_PROVIDER chooses the bundled outcode data or Ideal Postcodes.
 */
export interface AddressLookupProvider {
  /** Suggestions for what the person typed; none (not an error) when nothing matches. */
  autocomplete(query: string): Promise<AddressSuggestion[]>;
  /** The address behind a suggestion's id; null when the provider does not know the id. */
  details(id: string): Promise<FoundAddress | null>;
}

/**
 * The provider could not answer (out of reach, too slow, refused our key, answered nonsense).
 * Not the person's fault: they are told to type the address, and the API answers 503.
 */
export class AddressLookupUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`address lookup unavailable: ${reason}`);
    this.name = "AddressLookupUnavailableError";
  }
}

/** The nations an address can be in, as SPEC.md's Address `country` and Royal Mail's data name them. */
const ukNations = ["England", "Wales", "Scotland", "Northern Ireland"] as const;

/** A nation of the United Kingdom, or "" for anything else (a Crown Dependency, say, or nothing). */
export function ukNation(country: string): string {
  return (ukNations as readonly string[]).includes(country) ? country : "";
}
