/** The purchase screens (SPEC.md section 2), in the order a person goes through them. */
export const purchasePaths = {
  whoFor: "/purchase",
  customer: "/purchase/customer",
  additional: "/purchase/additional",
  options: "/purchase/options",
  plan: "/purchase/plan",
  complete: "/purchase/complete",
} as const;

/** The confirmation page of one plan, reachable again after a reload. */
export function completePath(planId: string): string {
  return `${purchasePaths.complete}?plan=${encodeURIComponent(planId)}`;
}
