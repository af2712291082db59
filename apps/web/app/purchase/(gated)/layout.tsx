import type { ReactNode } from "react";
import { PurchaseGate } from "@/features/planning/purchase-gate";

/**
 * The purchase screens up to paying are behind SPEC.md's route guard: a finished journey, six
 * documents accepted. The confirmation page (`/purchase/complete`) has a guard of its own: it
 * reads a bought plan from the server, and a bought plan is not saved again.
 */
export default function PurchaseLayout({ children }: { children: ReactNode }) {
  return <PurchaseGate>{children}</PurchaseGate>;
}
