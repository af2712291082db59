import { z } from "zod";

/** Every 4xx for bad input answers this: one entry per field that was wrong. */
const violationSchema = z.object({
  propertyPath: z.string(),
  title: z.string(),
});
export type Violation = z.infer<typeof violationSchema>;

export const violationsResponseSchema = z.object({
  violations: z.array(violationSchema),
});
export type ViolationsResponse = z.infer<typeof violationsResponseSchema>;

// Built the same way in the browser and the API: the plain builders live in the domain package.
export { requestViolation } from "@kindred/domain";
