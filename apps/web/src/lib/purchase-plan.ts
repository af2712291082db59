"use client";

import { createContext, useContext } from "react";

/**
 * The plan being bought, for the purchase screens: its id on the server, once the planning
 * feature's gate has found the journey finished and the six documents accepted (SPEC.md section 2,
 * route guard). Kept here, below both features, so neither reaches into the other.
 */
export interface PurchasePlan {
  planId: string;
  /** Whether a customer is signed in: a visitor creates their account as they buy. */
  signedIn: boolean;
}

export const PurchasePlanContext = createContext<PurchasePlan | null>(null);

/** The plan being bought; only under the purchase gate (app/purchase/layout.tsx). */
export function usePurchasePlan(): PurchasePlan {
  const plan = useContext(PurchasePlanContext);
  if (!plan) throw new Error("usePurchasePlan is used outside the purchase gate");
  return plan;
}
