import OAuth2Server from "@node-oauth/oauth2-server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { messages } from "@kindred/domain";
import { bearerTokenIn } from "../../plugins/authorization-header";
import { ViolationError } from "../../plugins/error-handler";
import type { TokenHolder } from "./token-holder";

declare module "fastify" {
  interface FastifyRequest {
    /** Set on every `/api/*` request once its bearer token has been checked. */
    tokenHolder: TokenHolder | null;
  }
}

/** An `onRequest` hook that answers 401 unless the request carries a live bearer token. */
export function requireBearerToken(oauth: OAuth2Server) {
  return async function checkBearerToken(request: FastifyRequest, reply: FastifyReply) {
    try {
      const token = await oauth.authenticate(
        new OAuth2Server.Request({
          method: request.method,
          headers: withBearerSpeltAsTheLibraryKnowsIt(request.headers as Record<string, string>),
          query: {},
        }),
        new OAuth2Server.Response(),
      );
      request.tokenHolder = token.user as TokenHolder;
    } catch (error) {
      if (error instanceof OAuth2Server.OAuthError && error.code < 500) {
        return reply.code(401).header("www-authenticate", 'Bearer realm="api", error="invalid_token"').send({
          error: "invalid_token",
          error_description: "A valid access token is needed. Please ask for a new one.",
        });
      }
      throw error;
    }
  };
}

/** The library knows the scheme only as "Bearer"; HTTP's scheme names are any case. */
function withBearerSpeltAsTheLibraryKnowsIt(headers: Record<string, string>): Record<string, string> {
  const token = bearerTokenIn(headers.authorization);
  return token ? { ...headers, authorization: `Bearer ${token}` } : headers;
}

/** The holder of the request's token; only callable in routes behind `requireBearerToken`. */
export function tokenHolderOf(request: FastifyRequest): TokenHolder {
  if (!request.tokenHolder) throw new Error("Route is not behind requireBearerToken");
  return request.tokenHolder;
}

/**
 * A route `onRequest` hook, after `requireBearerToken`: only a signed-in customer's token may go
 * on; a visitor's application token is answered 403, before the body is even read.
 */
export async function requireCustomerToken(request: FastifyRequest): Promise<void> {
  const holder = tokenHolderOf(request);
  if (holder.scope !== "CUSTOMER" || holder.userKind !== "customer") {
    throw new ViolationError([{ propertyPath: "Request", title: messages.signInToSeeAccount }], 403);
  }
}
