import type { Config } from "../../config";
import { createIdealPostcodesProvider, type AddressLookupLog } from "./ideal-postcodes-provider";
import { createOutcodesProvider } from "./outcodes-provider";
import { loadPostTowns } from "./post-towns";
import type { AddressLookupProvider } from "./provider";

type AddressLookupSettings = Pick<
  Config,
  | "ADDRESS_LOOKUP_PROVIDER"
  | "IDEAL_POSTCODES_API_KEY"
  | "IDEAL_POSTCODES_BASE_URL"
  | "ADDRESS_LOOKUP_TIMEOUT_MS"
  | "CONTENT_DIR"
>;

/** The provider the settings choose; the settings refuse ideal-postcodes without its key. */
export function createAddressLookupProvider(
  config: AddressLookupSettings,
  log: AddressLookupLog,
): AddressLookupProvider {
  if (config.ADDRESS_LOOKUP_PROVIDER === "ideal-postcodes") {
    if (!config.IDEAL_POSTCODES_API_KEY) throw new Error("IDEAL_POSTCODES_API_KEY is not set");
    return createIdealPostcodesProvider(
      {
        apiKey: config.IDEAL_POSTCODES_API_KEY,
        baseUrl: config.IDEAL_POSTCODES_BASE_URL,
        timeoutMs: config.ADDRESS_LOOKUP_TIMEOUT_MS,
      },
      log,
    );
  }
  return createOutcodesProvider(() => loadPostTowns(config.CONTENT_DIR));
}
