import { z } from "zod";
import { tokenErrorResponseSchema, violationsResponseSchema } from "@kindred/contracts";

/**
 * Answers many routes share, for their response schemas. The refusals and failures each come
 * from a hook or handler that runs for the route (`app.ts`, `error-handler.ts`), so a route
 * spreads in only those that are true of it; its own refusals (400, 404, 422...) it declares.
 */

/** A PDF's bytes: sent as the Buffer itself, which no serialiser touches, so any value types. */
export const pdfSchema = z
  .unknown()
  .meta({ type: "string", format: "binary", contentMediaType: "application/pdf" });

/** A route's answer that is only a PDF. */
export const pdfResponse = {
  description: "The PDF",
  content: { "application/pdf": { schema: pdfSchema } },
};

const invalidToken = tokenErrorResponseSchema.describe(
  "No access token, or one that has expired or been revoked: ask POST /token for a new one",
);
const tooManyRequests = violationsResponseSchema.describe(
  "Too many requests from this address for now: try again later (after Retry-After seconds, where given)",
);
const serverError = violationsResponseSchema.describe("The request failed on our side");
const unavailable = violationsResponseSchema.describe(
  "A service the API depends on, such as its database, is out of reach for now: try again shortly",
);

/** A route under the per-address request limit that reads nothing from the database. */
export const limitedRouteErrors = { 429: tooManyRequests, 500: serverError } as const;

/** A route under the per-address request limit that reads the database. */
export const databaseRouteErrors = { ...limitedRouteErrors, 503: unavailable } as const;

/** A route behind the bearer token check, which reads the database for a token it has not seen. */
export const bearerRouteErrors = { 401: invalidToken, ...databaseRouteErrors } as const;

/** In place of `bearerRouteErrors`' 429, for a route that also counts requests per email address. */
export const emailLimitError = {
  429: violationsResponseSchema.describe(
    "Too many requests from this address, or for this email address, for now",
  ),
} as const;

/** A route that reads a body: one over the body limit (256 KiB), or of a type the API does not read. */
export const bodyErrors = {
  413: violationsResponseSchema.describe("The body is larger than the API accepts (256 KiB)"),
  415: violationsResponseSchema.describe("The body's Content-Type is not one the API reads: send JSON"),
} as const;

/** A query with text that no column can hold (a NUL character, say): `refuseUnstorableText`. */
export const unstorableQueryError = {
  400: violationsResponseSchema.describe("The query holds characters that cannot be used"),
} as const;
