import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponseSchema, livenessResponseSchema } from "@kindred/contracts";
import { isDatabaseReady, type Database } from "../../db/database";

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/healthz",
    {
      // Load balancers ask often, from one address.
      config: { rateLimit: false },
      schema: {
        tags: ["health"],
        summary: "The process is up, and the Node.js it runs on",
        response: { 200: livenessResponseSchema },
      },
    },
    async () => ({ status: "ok" as const, node: process.version }),
  );

  app.get(
    "/readyz",
    {
      config: { rateLimit: false },
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
