import type { TokenScope } from "@kindred/contracts";

// A file of its own so that the token model, the token cache and the bearer-token guard can all
// name it without importing one another: token-cache.ts importing it from oauth-model.ts closed
// a loop through queries.ts.

/** Who a bearer token speaks for, as every `/api/*` handler sees it. */
export interface TokenHolder {
  userId: string;
  userKind: "guest" | "customer";
  scope: TokenScope;
  clientId: string;
  /** The SHA-256 of the token itself, so the holder can sign this one token out. */
  tokenHash: string;
}
