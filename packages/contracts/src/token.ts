import { z } from "zod";

export type TokenScope = "APPLICATION" | "CUSTOMER" | "STAFF";

/**
 * The grant that signs a customer in with the link emailed to them while someone guesses at
 * their password (decision 038): `link_id`, `link_token`, `scope=CUSTOMER`, and `api_token`.
 */
export const customerSignInLinkGrantType = "urn:kindred:params:oauth:grant-type:sign-in-link";

/** What `POST /token` answers when it issues a token (RFC 6749 section 5.1). */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().positive(),
  scope: z.string().optional(),
  /**
   * After a customer's sign-in: a note for the browser to keep and send back as the form field
   * `known_browser` when it next signs in, so that a stranger's wrong guesses elsewhere never
   * lock it out (an extra parameter, as RFC 6749 section 5.1 allows).
   */
  known_browser: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** What `POST /token` answers when it refuses (RFC 6749 section 5.2). */
export const tokenErrorResponseSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
export type TokenErrorResponse = z.infer<typeof tokenErrorResponseSchema>;
