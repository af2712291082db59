import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce } from "@/lib/content-security-policy";
import { getServerConfig } from "@/lib/server-config.server";

/** The origins of the third parties switched on in the settings (docs/decisions/020), worked out once. */
let origins: string[] | undefined;
function thirdPartyOrigins(): string[] {
  origins ??= Object.values(getServerConfig().BROWSER_SETTINGS.thirdParties).map(
    (thirdParty) => new URL(thirdParty.scriptUrl).origin,
  );
  return origins;
}

/**
 * Every page gets a Content-Security-Policy with a nonce of its own. Next.js reads the policy
 * from the request, puts the nonce on every script it renders, and the root layout puts it on
 * ours (`x-nonce`). Pages are therefore rendered for each request (docs/decisions/021).
 */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const thirdParties = thirdPartyOrigins();
  const policy = contentSecurityPolicy({
    nonce,
    development: process.env.NODE_ENV === "development",
    thirdParties: { scripts: thirdParties, connections: thirdParties, frames: thirdParties },
  });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Pages only: not the API, the token forwarding, Next.js's files or the public documents. A
  // page fetched ahead (a router prefetch, a browser's `purpose: prefetch`) gets its policy too:
  // it may be the HTML a person is shown.
  matcher: [
    "/((?!api/|token|_next/static|_next/image|public-documents/|icon.svg|favicon.ico|fonts/|images/).*)",
  ],
};
