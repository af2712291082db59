import type { Violation } from "@kindred/contracts";
import { apiRequest, type ApiRequestOptions } from "./api-client";

/** A request the API refused or that never arrived, with the violations to show (SPEC.md section 8). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly violations: Violation[],
  ) {
    super(violations.map((violation) => `${violation.propertyPath}: ${violation.title}`).join("; "));
    this.name = "ApiRequestError";
  }
}

/** `apiRequest` for a query function: the data, or an `ApiRequestError` thrown (so it is never cached). */
export async function apiData<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  const result = await apiRequest<T>(path, options);
  if (!result.ok) throw new ApiRequestError(result.status, result.data.violations);
  return result.data;
}

/** The violations to show for a failed query. */
export function violationsOf(error: unknown): Violation[] {
  if (error instanceof ApiRequestError) return error.violations;
  return [{ propertyPath: "Request", title: error instanceof Error ? error.message : String(error) }];
}
