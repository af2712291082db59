/**
 * The website's Content-Security-Policy (issue 12 fault 8; docs/decisions/021-content-security-policy.md).
 * Scripts run only with this response's nonce, and whatever those scripts load ('strict-dynamic'):
 * no 'unsafe-inline' for scripts, so an injected <script> or inline handler never runs. Styles
 * may be inline (React's style attributes), which cannot run code.
 */

/** Card payments through Stripe: Stripe.js's frames and its API (docs/decisions/016-payments.md). */
const stripe = {
  frames: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connections: ["https://api.stripe.com"],
};

export interface PolicySources {
  /** This response's nonce: fresh for every request. */
  nonce: string;
  /** `next dev` needs eval for its debugging aids; a production build never does. */
  development?: boolean;
  /** Origins of third parties that are switched on in the settings (each adds where it is used). */
  thirdParties?: { scripts?: readonly string[]; connections?: readonly string[]; frames?: readonly string[] };
}

export function contentSecurityPolicy({
  nonce,
  development = false,
  thirdParties = {},
}: PolicySources): string {
  const list = (...sources: (string | readonly string[] | undefined)[]) =>
    [...new Set(sources.flat().filter((source): source is string => Boolean(source)))].join(" ");
  const directives: Record<string, string> = {
    "default-src": "'self'",
    // 'strict-dynamic' trusts what the nonce's scripts load; the hosts and 'self' are for browsers
    // older than CSP 3, which ignore 'strict-dynamic'.
    "script-src": list(
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      "'self'",
      development ? "'unsafe-eval'" : undefined,
      "https://js.stripe.com",
      thirdParties.scripts,
    ),
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data: blob:",
    "font-src": "'self'",
    "connect-src": list("'self'", stripe.connections, thirdParties.connections),
    "frame-src": list(stripe.frames, thirdParties.frames),
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
  };
  return Object.entries(directives)
    .map(([directive, value]) => `${directive} ${value}`)
    .join("; ");
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
