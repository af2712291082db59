import "server-only";
import {
  couldNotSendRequestResponse,
  freeGuide,
  messages,
  publicDocumentsPath,
  requestViolation,
} from "@kindred/domain";
import { getServerConfig } from "./server-config.server";

/**
 * The browser talks only to this site. These helpers pass its `/api/*` and `/token` requests on
 * to the API and hand the answers back, so the API's address and the OAuth client secret stay on
 * the server.
 */

/**
 * Request headers the API needs; cookies and everything else stay behind. The visitor's address
 * goes too (`x-forwarded-for`, which `server.mjs` sets from the connection, replacing whatever
 * the browser sent), so the API's per-address limits apply to one visitor, not the whole site.
 */
const forwardedRequestHeaders = [
  "accept",
  "authorization",
  "content-type",
  // A payment request's key (one per attempt to pay), so the API does it once however often it comes.
  "idempotency-key",
  // The version of the plan a save was made over: a stale one is refused (412), not lost.
  "if-match",
  // The catalogue's version the browser already has: unchanged, it is answered 304 with no body.
  "if-none-match",
  "x-forwarded-for",
] as const;
/** Response headers the browser needs. */
const returnedResponseHeaders = [
  "cache-control",
  "content-disposition",
  "content-type",
  // A plan's version, which the next save sends back as If-Match.
  "etag",
  "www-authenticate",
] as const;

/**
 * The largest body passed on, the API's own limit: a bigger one is refused here, before it is
 * held in memory, rather than read whole and then refused by the API.
 */
export const largestRequestBodyBytes = 256 * 1024;
const bodyTooLargeMessage = "This request is too large to send. Please shorten what you typed and try again.";

class BodyTooLargeError extends Error {}

function bodyTooLarge(): Response {
  return Response.json(
    { violations: [requestViolation(bodyTooLargeMessage)] },
    { status: 413, headers: { "cache-control": "no-store" } },
  );
}

/** The request's body, read only up to the limit: past it, BodyTooLargeError. */
async function readBodyWithinLimit(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > largestRequestBodyBytes) throw new BodyTooLargeError();
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      received += chunk.byteLength;
      if (received > largestRequestBodyBytes) throw new BodyTooLargeError();
      chunks.push(chunk);
    }
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

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

function visitorAddress(request: Request): Record<string, string> {
  const address = request.headers.get("x-forwarded-for");
  return address ? { "x-forwarded-for": address } : {};
}

function apiUnreachable(error: unknown): Response {
  console.warn(`Could not reach the API: ${error instanceof Error ? error.message : String(error)}`);
  return Response.json(couldNotSendRequestResponse, {
    status: 502,
    headers: { "cache-control": "no-store" },
  });
}

/** 502, 503 or 504 from something between here and the API: the API's own answers are JSON. */
function isGatewayError(response: Response): boolean {
  return (
    [502, 503, 504].includes(response.status) &&
    !(response.headers.get("content-type") ?? "").includes("json")
  );
}

/** A path as the API routes it, percent-decoded; undefined for one that is not UTF-8. */
function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

const notFound = () =>
  Response.json({ violations: [{ propertyPath: "Request", title: "Not found" }] }, { status: 404 });

/** Forwards one `/api/...` request as it came (method, path, query, body) and streams the answer back. */
export async function forwardApiRequest(request: Request): Promise<Response> {
  const incoming = new URL(request.url);
  // The API's documentation is for its developers, at the API's own address, not for the public.
  // The API routes on the decoded path, so `/api/%64ocs` is its docs too: the decoded path is
  // what is checked (one that does not decode reaches nothing).
  const path = decodedPath(incoming.pathname);
  if (!path?.startsWith("/api/") || path.startsWith("/api/docs")) return notFound();
  return forwardToApi(request, incoming);
}

/**
 * Forwards a request for one of the public legal documents (`/public-documents/terms.pdf`), which
 * the API serves to anyone, with no token.
 */
export async function forwardPublicDocumentRequest(request: Request): Promise<Response> {
  const incoming = new URL(request.url);
  if (!incoming.pathname.startsWith(`${publicDocumentsPath}/`)) return notFound();
  return forwardToApi(request, incoming);
}

/**
 * Forwards a request for the free guide at the site's own address for it
 * (`/free-guide/kindred-funeral-guide.pdf`) to the API's, which serves it to anyone, with no token.
 */
export async function forwardFreeGuideRequest(request: Request): Promise<Response> {
  const incoming = new URL(request.url);
  if (incoming.pathname !== freeGuide.webPath) return notFound();
  return forwardToApi(request, new URL(`${freeGuide.apiPath}${incoming.search}`, incoming));
}

async function forwardToApi(request: Request, incoming: URL): Promise<Response> {
  // API_URL has no trailing slash; appending keeps any path prefix it carries.
  const target = `${getServerConfig().API_URL}${incoming.pathname}${incoming.search}`;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";

  let body: Uint8Array<ArrayBuffer> | undefined;
  try {
    body = hasBody ? await readBodyWithinLimit(request) : undefined;
  } catch (error) {
    if (error instanceof BodyTooLargeError) return bodyTooLarge();
    throw error;
  }

  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers: pickHeaders(request.headers, forwardedRequestHeaders),
      body,
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(upstreamTimeoutMs),
    });
  } catch (error) {
    return apiUnreachable(error);
  }
  // A load balancer between here and the API answers with a page of its own when it could not
  // get an answer from an API process (one died with the request, say): that is the API out of
  // reach, not an answer of the API's to show the person.
  if (isGatewayError(upstream)) {
    await upstream.body?.cancel();
    return apiUnreachable(new Error(`a gateway answered ${upstream.status}`));
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
  const body = await readBodyWithinLimit(request);
  if (contentType.includes("multipart/form-data")) {
    const formData = await new Response(body, { headers: { "content-type": contentType } }).formData();
    const fields = new URLSearchParams();
    for (const [name, value] of formData) {
      if (typeof value === "string") fields.append(name, value);
    }
    return fields;
  }
  return new URLSearchParams(new TextDecoder().decode(body));
}

/**
 * Forwards a token request: the browser's form fields without any client credentials it sent,
 * plus this site's own client id and secret from the server settings.
 */
export async function forwardTokenRequest(request: Request): Promise<Response> {
  const config = getServerConfig();
  // A token request is a form, as the API reads it (RFC 6749): anything else is refused here as
  // the API refuses it, not read as if it were one.
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded" && mediaType !== "multipart/form-data") {
    return Response.json(
      { error: "invalid_request", error_description: messages.tokenRequestNotAForm },
      { status: 415, headers: { "cache-control": "no-store" } },
    );
  }
  let fields: URLSearchParams;
  try {
    fields = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return Response.json(
        { error: "invalid_request", error_description: bodyTooLargeMessage },
        { status: 413, headers: { "cache-control": "no-store" } },
      );
    }
    return Response.json(
      { error: "invalid_request", error_description: "The form could not be read." },
      { status: 400, headers: { "cache-control": "no-store" } },
    );
  }
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
        // The visitor's address, for the per-address limit on sign-in attempts.
        ...visitorAddress(request),
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
      { error: "temporarily_unavailable", error_description: messages.requestNotSent },
      { status: 502, headers: { "cache-control": "no-store" } },
    );
  }

  let body: unknown;
  try {
    body = await upstream.json();
  } catch {
    return Response.json(
      { error: "server_error", error_description: messages.requestNotSent },
      { status: 502, headers: { "cache-control": "no-store" } },
    );
  }
  return Response.json(body, { status: upstream.status, headers: { "cache-control": "no-store" } });
}
