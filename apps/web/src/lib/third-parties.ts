import type { BrowserSettings, ThirdPartyName } from "./browser-settings";

/**
 * Every other company this site's services may use, in the words the cookie banner and the
 * privacy and cookie policies use for them. The policies name exactly these and nothing else
 * (`information-pages.server.test.ts`), so adding a third party starts here.
 */

/** The page shell's third parties (`web-config.ts`), each loaded only once its category is allowed. */
export const thirdPartyKinds = {
  visitorTracking: "visitor measurement",
  helpChat: "a help chat",
  reviews: "customer reviews",
  feedback: "a feedback tool",
} as const satisfies Record<ThirdPartyName, string>;

/**
 * The companies that provide services to us behind the site, always (the privacy policy's "companies
 * that provide services to us"): hosting, the API's email (SMTP_URL), card payments (Stripe), Direct
 * Debit (GoCardless), address lookup (ADDRESS_LOOKUP_PROVIDER) and error reporting (Sentry).
 */
export const serviceProviderKinds = [
  "website hosting",
  "email delivery",
  "card payments",
  "Direct Debit",
  "address lookup",
  "error reporting",
] as const;

/**
 * The kinds of third party a visitor is asked about, for what is configured here: visitor
 * measurement (visitor tracking, or error reporting's page-load traces and recordings), then the
 * extra features.
 */
export function configuredThirdPartyKinds(settings: BrowserSettings): string[] {
  const { thirdParties, errorReporting } = settings;
  const kinds: (string | null)[] = [
    thirdParties.visitorTracking || errorReporting ? thirdPartyKinds.visitorTracking : null,
    thirdParties.helpChat ? thirdPartyKinds.helpChat : null,
    thirdParties.reviews ? thirdPartyKinds.reviews : null,
    thirdParties.feedback ? thirdPartyKinds.feedback : null,
  ];
  return kinds.filter((kind): kind is string => kind !== null);
}
