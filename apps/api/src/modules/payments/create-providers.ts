import type { CardFieldsResponse } from "@kindred/contracts";
import type { Config } from "../../config";
import { createGoCardlessDirectDebitProvider } from "./gocardless-provider";
import type { CardPaymentProvider, DirectDebitProvider } from "./provider";
import { createStripeCardProvider } from "./stripe-provider";

type PaymentProviderSettings = Pick<
  Config,
  | "CARD_PAYMENT_PROVIDER"
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_PUBLISHABLE_KEY"
  | "STRIPE_API_BASE_URL"
  | "DIRECT_DEBIT_PROVIDER"
  | "GOCARDLESS_ACCESS_TOKEN"
  | "GOCARDLESS_WEBHOOK_SECRET"
  | "GOCARDLESS_BASE_URL"
  | "PAYMENT_PROVIDER_TIMEOUT_MS"
>;

/**
 * The providers the settings choose: the embedded sandbox ones (made by the caller, as they need
 * the database) or Stripe for cards and GoCardless for Direct Debit. The settings refuse a real
 * provider without its secrets, so the checks here only keep the types honest.
 */
export function createPaymentProviders(
  config: PaymentProviderSettings,
  { sandbox }: { sandbox: { card: CardPaymentProvider; directDebit: DirectDebitProvider } },
): { card: CardPaymentProvider; directDebit: DirectDebitProvider } {
  return {
    card: cardProvider(config, sandbox.card),
    directDebit: directDebitProvider(config, sandbox.directDebit),
  };
}

/** Whose card fields the payment page shows: always the chosen card provider's own. */
export function cardFieldsOf(config: PaymentProviderSettings): CardFieldsResponse {
  const { DIRECT_DEBIT_PROVIDER: directDebitProvider } = config;
  if (config.CARD_PAYMENT_PROVIDER !== "stripe") return { provider: "sandbox", directDebitProvider };
  if (!config.STRIPE_PUBLISHABLE_KEY) throw new Error("STRIPE_PUBLISHABLE_KEY is not set");
  return { provider: "stripe", publishableKey: config.STRIPE_PUBLISHABLE_KEY, directDebitProvider };
}

function cardProvider(config: PaymentProviderSettings, sandbox: CardPaymentProvider): CardPaymentProvider {
  if (config.CARD_PAYMENT_PROVIDER !== "stripe") return sandbox;
  if (!config.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  if (!config.STRIPE_WEBHOOK_SECRET) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
  return createStripeCardProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    baseUrl: config.STRIPE_API_BASE_URL,
    timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
  });
}

function directDebitProvider(
  config: PaymentProviderSettings,
  sandbox: DirectDebitProvider,
): DirectDebitProvider {
  if (config.DIRECT_DEBIT_PROVIDER !== "gocardless") return sandbox;
  if (!config.GOCARDLESS_ACCESS_TOKEN) throw new Error("GOCARDLESS_ACCESS_TOKEN is not set");
  if (!config.GOCARDLESS_WEBHOOK_SECRET) throw new Error("GOCARDLESS_WEBHOOK_SECRET is not set");
  return createGoCardlessDirectDebitProvider({
    accessToken: config.GOCARDLESS_ACCESS_TOKEN,
    webhookSecret: config.GOCARDLESS_WEBHOOK_SECRET,
    baseUrl: config.GOCARDLESS_BASE_URL,
    timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
  });
}
