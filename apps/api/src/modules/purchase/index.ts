// What other modules may use of the purchase: whether a plan may be paid for.
export { createPurchaseReadiness, type PurchaseReadiness } from "./readiness";
export { purchaseRoutes } from "./routes";
