// What other modules may use of payments: whether a plan is paid (SPEC.md section 4).
export { isPaid, planChangesRefused } from "./paid-status";
export { paymentRoutes, sandboxCardRoutes, sandboxDirectDebitRoutes, webhookRoutes } from "./routes";
export { createSandboxProvider, type SandboxProvider } from "./sandbox/sandbox-provider";
export { sandboxBankAccounts, sandboxCards } from "./sandbox/test-instruments";
export { createPaymentsService } from "./service";
export { startPlanMoneyJobs, type PlanMoneyJobs } from "./money-jobs";
export { createReconciliation, reconcileEvery, type Reconciliation } from "./reconciliation";
export { createPlanPaymentEmails } from "./plan-payment-emails";
export { sendAnniversaryStatementsEvery, startPlanStatements, type PlanStatements } from "./plan-statements";
export { planStatementRoutes } from "./statement-routes";
// Which providers the settings choose.
export { cardFieldsOf, createPaymentProviders } from "./create-providers";
// What telling us of a death needs: when a plan was bought, and the one way its money changes.
export { planBoughtAt, planOwner, type PaymentState } from "./payment-state";
export { appointedBranch, appointmentOf } from "./funeral-director-appointment";
export { applyMoneyEvent, planMoneyOf, planMoneyQueue, selectPlanMoneyRows } from "./plan-money-store";
// What a save of the journey does with the price it clears (decision 008): a payment opened at it goes.
export { reopenPriceIn } from "./plan-money-store";
// What staff may send again of a plan's emails (decision 031).
export { queuePlanEmailAgain } from "./resend-plan-email";
