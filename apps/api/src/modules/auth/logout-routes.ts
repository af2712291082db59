import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database";
import { bearerRouteErrors, unstorableQueryError } from "../../plugins/route-responses";
import { revokeAccessToken } from "./queries";
import { tokenHolderOf } from "./require-bearer-token";
import { revocationOfToken, type TokenCache } from "./token-cache";

/** Logout (SPEC.md section 4): the calling token stops working at once, in every process. */
export const logoutRoutes: FastifyPluginAsyncZod<{ db: Database; verifiedTokens: TokenCache }> = async (
  app,
  { db, verifiedTokens },
) => {
  app.delete(
    "/security/token/current",
    {
      schema: {
        tags: ["auth"],
        operationId: "signOut",
        summary: "Sign out: revoke the token this request carries",
        security: [{ bearerAuth: [] }],
        response: { 204: z.null().describe("Signed out"), ...unstorableQueryError, ...bearerRouteErrors },
      },
    },
    async (request, reply) => {
      const { tokenHash } = tokenHolderOf(request);
      await revokeAccessToken(db, tokenHash);
      verifiedTokens.forget(revocationOfToken(tokenHash));
      return reply.code(204).send(null);
    },
  );
};
