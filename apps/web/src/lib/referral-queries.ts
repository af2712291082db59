import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanReferralResponse, ReferralAppliedResponse, ReferralCodeResponse } from "@kindred/contracts";
import { apiData } from "./api-query";

/**
 * Referral codes (docs/decisions/017-referral-codes.md), for the shared referral components: kept
 * here, below the features, as the purchase pages and the account page both show them.
 */
export const referralQueries = {
  /** `GET /api/plan/{id}/referral`: the plan's own code, the code applied to it, and what a referral gives. */
  plan: (planId: string) =>
    queryOptions({
      queryKey: ["plan-referral", planId],
      queryFn: () => apiData<PlanReferralResponse>(`/api/plan/${encodeURIComponent(planId)}/referral`),
    }),
  /**
   * `POST /api/referral-code/generate`: the paid plan's code. Asking again answers the same code,
   * so it is read like any other data; once had, it never changes.
   */
  ownCode: (planId: string) =>
    queryOptions({
      queryKey: ["referral-code", planId],
      queryFn: () =>
        apiData<ReferralCodeResponse>("/api/referral-code/generate", {
          method: "POST",
          body: { referrerPlanId: planId },
        }),
      staleTime: Infinity,
    }),
};

/** `POST /api/referral-code/apply` for one plan; the plan's referral then shows the code applied. */
export function useApplyReferralCode(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiData<ReferralAppliedResponse>("/api/referral-code/apply", {
        method: "POST",
        body: { code, referreePlanId: planId },
      }),
    onSuccess: (applied) => {
      queryClient.setQueryData(referralQueries.plan(planId).queryKey, (previous) => ({
        ownCode: previous?.ownCode ?? null,
        applied: { code: applied.code, appliedAt: applied.appliedAt },
        reward: applied.reward,
        description: applied.description,
      }));
    },
  });
}
