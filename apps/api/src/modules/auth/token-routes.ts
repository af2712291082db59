import OAuth2Server from "@node-oauth/oauth2-server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { tokenErrorResponseSchema, tokenResponseSchema } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { describeDatabaseError, isDatabaseUnavailable } from "../../db/database";
import { TooManyAttemptsError } from "./password-grant";

/**
 * `POST /token`: the OAuth2 token endpoint. The grant handling is the library's (with our own
 * password grant); this route only adapts Fastify's request and reply to it, and answers every
 * failure in OAuth2's own error shape: 415 for a body that is not a form, 401 for a bad client,
 * 429 for too many sign-in attempts, 503 while the database is out of reach, 400 for the rest.
 */
export async function tokenRoutes(
  app: FastifyInstance,
  options: {
    oauth: OAuth2Server;
    /** False when this address has had too many new visitors' tokens for now. */
    admitNewVisitor(address: string): Promise<boolean>;
  },
) {
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ database: describeDatabaseError(error) }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send({ error: "temporarily_unavailable" });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode === 429) {
      return reply
        .code(429)
        .send({ error: "too_many_requests", error_description: messages.tooManyRequests });
    }
    if (statusCode >= 500) {
      request.log.error({ err: error }, "token request failed");
      return reply.code(500).send({ error: "server_error" });
    }
    return reply.code(400).send({ error: "invalid_request", error_description: error.message });
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    "/token",
    {
      schema: {
        tags: ["auth"],
        operationId: "issueAccessToken",
        summary:
          "Issue an access token (form data: grant_type, scope, client_id, client_secret; for a customer also username, password and api_token)",
        // The OAuth client authenticates itself: with HTTP Basic, or (the empty alternative) with
        // client_id and client_secret in the form, which OpenAPI has no scheme for.
        security: [{ oauthClient: [] }, {}],
        consumes: ["application/x-www-form-urlencoded"],
        response: {
          200: tokenResponseSchema,
          400: tokenErrorResponseSchema,
          401: tokenErrorResponseSchema,
          415: tokenErrorResponseSchema,
          429: tokenErrorResponseSchema,
          500: tokenErrorResponseSchema,
          503: tokenErrorResponseSchema,
        },
      },
      // A token request is a form (RFC 6749): anything else is refused before its body is read,
      // not parsed as JSON and then turned away by the grant handling.
      onRequest: async (request, reply) => {
        const mediaType = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
        if (mediaType !== "application/x-www-form-urlencoded") {
          return reply
            .code(415)
            .header("cache-control", "no-store")
            .send({ error: "invalid_request", error_description: messages.tokenRequestNotAForm });
        }
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const oauthRequest = new OAuth2Server.Request({
        method: request.method,
        headers: request.headers as Record<string, string>,
        query: request.query as Record<string, string>,
        body: request.body ?? {},
        // For the per-address limit on sign-in attempts.
        ip: request.ip,
      });
      const oauthResponse = new OAuth2Server.Response();
      const grantType = (request.body as Record<string, unknown> | undefined)?.grant_type;
      if (grantType === "client_credentials" && !(await options.admitNewVisitor(request.ip))) {
        return reply
          .code(429)
          .header("cache-control", "no-store")
          .header("retry-after", "3600")
          .send({ error: "too_many_requests", error_description: messages.tooManyRequests });
      }
      try {
        const token = await options.oauth.token(oauthRequest, oauthResponse);
        const expiresIn = Math.round(
          ((token.accessTokenExpiresAt?.getTime() ?? Date.now()) - Date.now()) / 1000,
        );
        return reply.header("cache-control", "no-store").send({
          access_token: token.accessToken,
          token_type: "Bearer" as const,
          expires_in: expiresIn,
          scope: (token.scope ?? []).join(" "),
          ...(typeof token.knownBrowser === "string" ? { known_browser: token.knownBrowser } : {}),
        });
      } catch (error) {
        if (error instanceof OAuth2Server.OAuthError && error.code < 500) {
          // RFC 6749 5.2: a client that fails to authenticate is told so with 401.
          const status = error.name === "invalid_client" ? 401 : error.code === 429 ? 429 : 400;
          if (error instanceof TooManyAttemptsError)
            reply.header("retry-after", String(error.retryAfterSeconds));
          return reply
            .code(status)
            .header("cache-control", "no-store")
            .send({ error: error.name, error_description: error.message });
        }
        throw error;
      }
    },
  );
}
