import { unstable_rethrow } from "next/navigation";
import type { ReactNode } from "react";
import { PurchaseGate } from "@/features/planning/purchase-gate";
import { fetchPlanOptions } from "@/lib/plan-options.server";

/**
 * The purchase screens up to paying are behind SPEC.md's route guard: a finished journey, six
 * documents accepted. The confirmation page (`/purchase/complete`) has a guard of its own: it
 * reads a bought plan from the server, and a bought plan is not saved again.
 */
export default async function PurchaseLayout({ children }: { children: ReactNode }) {
  // The catalogue comes with the page, as a journey step's does, so the gate need not ask for it
  // first; without the API the browser asks itself, as before.
  const planOptions = await fetchPlanOptions().catch((error: unknown) => {
    unstable_rethrow(error);
    console.warn(
      "The purchase pages are rendered without the plan options:",
      error instanceof Error ? error.message : error,
    );
    return null;
  });
  return <PurchaseGate initialPlanOptions={planOptions}>{children}</PurchaseGate>;
}
