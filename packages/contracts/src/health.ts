import { z } from "zod";

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `/healthz` also names the Node.js the process runs on, so a deployment can be checked. */
export const livenessResponseSchema = healthResponseSchema.extend({
  node: z.string().regex(/^v\d+\.\d+\.\d+$/),
});
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/**
 * `/readyz`: whether to send this process requests. When not, why: the database does not answer,
 * it lacks a migration this release needs, or the process is shutting down.
 */
export const readinessResponseSchema = healthResponseSchema.extend({
  reason: z.enum(["database", "migrations", "draining"]).optional(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
