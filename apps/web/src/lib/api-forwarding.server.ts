import "server-only";
import { couldNotSendRequestMessage, couldNotSendRequestResponse } from "./request-messages";
import { getServerConfig } from "./server-config.server";

/**
 * The browser talks only to this site. These helpers pass its `/api/*` and `/token` requests on
 * to the API and hand the answers back, so the API's address and the OAuth client secret stay on
 * the server.
 */

/**
 * Request headers the API needs; cookies and everything else stay behind. The visitor's address
 * (`x-forwarded-for`, which Next.js fills from the connection when no proxy in front has) goes
 * too, so the API's per-address sign-in limits apply to one visitor, not the whole site.
 */
const forwardedRequestHeaders = ["accept", "authorization", "content-type", "x-forwarded-for"] as const;
/** Response headers the browser needs. */
const returnedResponseHeaders = [
  "cache-control",
  "content-disposition",
  "content-type",
  "www-authenticate",
] as const;

/** Long enough for a PDF to be generated, short enough that nobody waits for ever. */
const upstreamTimeoutMs = 30_000;

function pickHeaders(source: Headers, names: readonly string[]): Headers {
  const picked = new Headers();
  for (const name of names) {
    const value = source.get(name);
    if (value !== null) picked.set(name, value);
  }
  return picked;
}

function apiUnreachable(error: unknown): Response {
  console.warn(`Could not reach the API: ${error instanceof Error ? error.message : String(error)}`);
  return Response.json(couldNotSendRequestResponse, {
    status: 502,
    headers: { "cache-control": "no-store" },
  });
}

/** Forwards one `/api/...` request as it came (method, path, query, body) and streams the answer back. */
export async function forwardApiRequest(request: Request): Promise<Response> {
  const incoming = new URL(request.url);
  if (!incoming.pathname.startsWith("/api/")) {
    return Response.json({ violations: [{ propertyPath: "Request", title: "Not found" }] }, { status: 404 });
  }
  // API_URL has no trailing slash; appending keeps any path prefix it carries.
  const target = `${getServerConfig().API_URL}${incoming.pathname}${incoming.search}`;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";

  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers: pickHeaders(request.headers, forwardedRequestHeaders),
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(upstreamTimeoutMs),
    });
  } catch (error) {
    return apiUnreachable(error);
  }

  return new Response(upstream.body, {
    status: upstream.status,
    headers: pickHeaders(upstream.headers, returnedResponseHeaders),
  });
}

/** Form fields the browser may not set: the web server is the OAuth client, not the browser. */
const clientCredentialFields = ["client_id", "client_secret"] as const;

async function readForm(request: Request): Promise<URLSearchParams> {
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.includes("multipart/form-data")) {
    const formData = await request.formData();
    const fields = new URLSearchParams();
    for (const [name, value] of formData) {
      if (typeof value === "string") fields.append(name, value);
    }
    return fields;
  }
  return new URLSearchParams(await request.text());
}

/**
 * Forwards a token request: the browser's form fields without any client credentials it sent,
 * plus this site's own client id and secret from the server settings.
 */
export async function forwardTokenRequest(request: Request): Promise<Response> {
  const config = getServerConfig();
  const fields = await readForm(request);
  for (const field of clientCredentialFields) fields.delete(field);
  fields.set("client_id", config.OAUTH_WEB_CLIENT_ID);
  fields.set("client_secret", config.OAUTH_WEB_CLIENT_SECRET);

  let upstream: Response;
  try {
    upstream = await fetch(`${config.API_URL}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: fields.toString(),
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(upstreamTimeoutMs),
    });
  } catch (error) {
    console.warn(
      `Could not reach the API for a token: ${error instanceof Error ? error.message : String(error)}`,
    );
    return Response.json(
      { error: "temporarily_unavailable", error_description: couldNotSendRequestMessage },
      { status: 502, headers: { "cache-control": "no-store" } },
    );
  }

  let body: unknown;
  try {
    body = await upstream.json();
  } catch {
    return Response.json(
      { error: "server_error", error_description: couldNotSendRequestMessage },
      { status: 502, headers: { "cache-control": "no-store" } },
    );
  }
  return Response.json(body, { status: upstream.status, headers: { "cache-control": "no-store" } });
}
