import type { ReactNode } from "react";
import { PurchaseGate } from "@/features/planning/purchase-gate";

/** Every purchase screen is behind SPEC.md's route guard: a finished journey, six documents accepted. */
export default function PurchaseLayout({ children }: { children: ReactNode }) {
  return <PurchaseGate>{children}</PurchaseGate>;
}
