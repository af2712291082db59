import type { PlanOptionsResponse } from "@kindred/contracts";
import { apiRequest, type ApiResult } from "../../lib/api-client";

/**
 * What the journey chooses from (`GET /api/plan-options`), fetched once per page load and shared
 * by every step. A failed fetch is not kept, so trying again asks the server again.
 */
let cached: Promise<ApiResult<PlanOptionsResponse>> | null = null;

export function loadPlanOptions(): Promise<ApiResult<PlanOptionsResponse>> {
  if (cached === null) {
    const request = apiRequest<PlanOptionsResponse>("/api/plan-options");
    cached = request;
    void request.then((result) => {
      if (!result.ok && cached === request) cached = null;
    });
  }
  return cached;
}

/** Forgets the options, so the next step fetches them again (after signing out, say). */
export function forgetPlanOptions(): void {
  cached = null;
}
