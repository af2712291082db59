import { z } from "zod";

const healthResponseSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
});

/** `/healthz` also names the Node.js the process runs on, so a deployment can be checked. */
export const livenessResponseSchema = healthResponseSchema.extend({
  node: z.string().regex(/^v\d+\.\d+\.\d+$/),
});

/**
 * `/readyz`: whether to send this process requests. When not, why: the database does not answer,
 * it lacks a migration this release needs, or the process is shutting down.
 */
export const readinessResponseSchema = healthResponseSchema.extend({
  reason: z.enum(["database", "migrations", "draining"]).optional(),
});
