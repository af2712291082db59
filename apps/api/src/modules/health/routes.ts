import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { livenessResponseSchema, readinessResponseSchema } from "@kindred/contracts";
import { unstorableQueryError } from "../../plugins/route-responses";
import { areMigrationsApplied, isDatabaseReady, type Database } from "../../db/database";
import type { Lifecycle } from "../../lifecycle";

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; lifecycle: Lifecycle }> = async (
  app,
  { db, lifecycle },
) => {
  // Liveness: the process answers. It never touches the database: a database outage must not get
  // every replica restarted (readiness takes them out of the load balancer instead).
  app.get(
    "/healthz",
    {
      // Load balancers ask often, from one address.
      config: { rateLimit: false },
      schema: {
        tags: ["health"],
        operationId: "checkLiveness",
        summary: "The process is up, and the Node.js it runs on",
        // For the load balancer, with no token.
        security: [],
        response: { 200: livenessResponseSchema, ...unstorableQueryError },
      },
    },
    async () => ({ status: "ok" as const, node: process.version }),
  );

  // Once seen, the migrations stay applied: later probes only check that the database answers.
  let migrated = false;
  app.get(
    "/readyz",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["health"],
        operationId: "checkReadiness",
        summary:
          "The process can serve requests: the database answers and holds this release's migrations, and the process is not shutting down",
        security: [],
        response: { 200: readinessResponseSchema, ...unstorableQueryError, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const unavailable = (reason: "database" | "migrations" | "draining") =>
        reply.code(503).send({ status: "unavailable" as const, reason });
      if (lifecycle.draining) return unavailable("draining");
      if (!(await isDatabaseReady(db))) return unavailable("database");
      if (!migrated) {
        try {
          migrated = await areMigrationsApplied(db);
        } catch {
          return unavailable("database");
        }
        if (!migrated) return unavailable("migrations");
      }
      return reply.send({ status: "ok" as const });
    },
  );
};
