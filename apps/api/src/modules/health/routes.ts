import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponseSchema } from "@kindred/contracts";
import { isDatabaseReady, type Database } from "../../db/database";

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/healthz",
    { schema: { tags: ["health"], summary: "The process is up", response: { 200: healthResponseSchema } } },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      schema: {
        tags: ["health"],
        summary: "The process can serve requests: the database answers",
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) =>
      (await isDatabaseReady(db))
        ? reply.send({ status: "ok" as const })
        : reply.code(503).send({ status: "unavailable" as const }),
  );
};
