// What other modules may use of auth: who holds a token, the customer guard, and revocation.
export type { TokenHolder } from "./token-holder";
export {
  bodyField,
  TooManyAttemptsError,
  type CheckCredentials,
  type CheckSignInLink,
} from "./password-grant";
export { revokeAccessTokensOf } from "./queries";
export { requireCustomerToken, tokenHolderOf } from "./require-bearer-token";
export { hashSecret } from "./secret-hash";
export { revocationOfUser, type TokenCache } from "./token-cache";
