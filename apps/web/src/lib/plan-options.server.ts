import "server-only";
import { planOptionsResponseSchema, type PlanOptionsResponse } from "@kindred/contracts";
import { getServerConfig } from "./server-config.server";

/**
 * The catalogue (`GET /api/plan-options`) for pages rendered on the server, such as the home
 * page's packages and their prices: the same answer, priced by the same function, as the journey
 * gets in the browser. The web server asks as the OAuth client it is (client credentials), with
 * one application token per process, kept until shortly before it expires.
 */

const requestTimeoutMs = 10_000;
/** A token is renewed this long before it runs out, so no request carries one that just expired. */
const renewBeforeMs = 60_000;

let held: { accessToken: string; renewAt: number } | undefined;

async function applicationToken(): Promise<string> {
  if (held && Date.now() < held.renewAt) return held.accessToken;
  const config = getServerConfig();
  const response = await fetch(`${config.API_URL}/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "client_credentials",
      scope: "APPLICATION",
      client_id: config.OAUTH_WEB_CLIENT_ID,
      client_secret: config.OAUTH_WEB_CLIENT_SECRET,
    }),
    cache: "no-store",
    signal: AbortSignal.timeout(requestTimeoutMs),
  });
  if (!response.ok) throw new Error(`The API refused the web server's token request (${response.status})`);
  const token = (await response.json()) as { access_token: string; expires_in: number };
  held = { accessToken: token.access_token, renewAt: Date.now() + token.expires_in * 1000 - renewBeforeMs };
  return token.access_token;
}

export async function fetchPlanOptions(): Promise<PlanOptionsResponse> {
  const response = await fetch(`${getServerConfig().API_URL}/api/plan-options`, {
    headers: { accept: "application/json", authorization: `Bearer ${await applicationToken()}` },
    // The catalogue changes only when the API is deployed with a new one; five minutes is fresh enough.
    next: { revalidate: 300 },
    signal: AbortSignal.timeout(requestTimeoutMs),
  });
  if (response.status === 401) held = undefined;
  if (!response.ok) throw new Error(`The API answered ${response.status} for the plan options`);
  return planOptionsResponseSchema.parse(await response.json());
}
