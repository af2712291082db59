// What other modules may use of payments: whether a plan is paid (SPEC.md section 4).
export { isPaid, planChangesRefused, selectPaymentFacts } from "./paid-status";
export { paymentRoutes, sandboxCardRoutes, webhookRoutes } from "./routes";
export { createSandboxProvider, type SandboxProvider } from "./sandbox/sandbox-provider";
export { sandboxBankAccounts, sandboxCards } from "./sandbox/test-instruments";
export { createPaymentsService, type PaymentsService } from "./service";
// Verified news from a provider applied once, for anything else that learns it (reconciliation).
export { createProviderEvents, NotKnownYet, type ProviderEvents } from "./provider-events";
export { startPlanMoneyJobs, type PlanMoneyJobs } from "./money-jobs";
export { createReconciliation, reconcileEvery, type Reconciliation } from "./reconciliation";
export { createPlanPaymentEmails } from "./plan-payment-emails";
export type {
  BankAccount,
  CardPaymentProvider,
  DirectDebitCustomer,
  DirectDebitProvider,
  IncomingWebhook,
  ProviderEvent,
} from "./provider";
export { WebhookNotVerified } from "./provider";
// Which providers the settings choose, and what a failed call to a real one throws.
export { cardFieldsOf, createPaymentProviders } from "./create-providers";
export { PaymentProviderError } from "./provider-error";
