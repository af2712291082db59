// What the app and other modules may use of address lookup.
export { createAddressLookupProvider } from "./create-provider";
export type { AddressLookupProvider } from "./provider";
