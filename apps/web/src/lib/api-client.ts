import type { ViolationsResponse } from "@kindred/contracts";
import { couldNotSendRequestResponse, messages, requestViolation } from "@kindred/domain";
import { endSignedInSessionIfAny, getValidToken, resetToken, type TokenResult } from "./token-session";

/**
 * The browser's one way to call the API (SPEC.md section 7). Requests go to this site's own
 * `/api/...` addresses, which the web server forwards. Every call carries `Authorization: Bearer`,
 * and every answer comes back as a status plus data; failures always carry the violations list.
 */

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  /** status 0 means the request never reached a server. */
  | { ok: false; status: number; data: ViolationsResponse };

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** What the caller wants back; JSON unless it asks for something else (a PDF, say). */
  accept?: string;
  /** Only save over this version of the record (`If-Match`); a newer one answers 412. */
  ifMatch?: string;
  /**
   * `Idempotency-Key` for a request that could move money: one per attempt (see
   * idempotency-key.ts), so sending it again, after a double press or a lost answer, does it once.
   */
  idempotencyKey?: string;
}

function isViolationsResponse(value: unknown): value is ViolationsResponse {
  return (
    typeof value === "object" && value !== null && Array.isArray((value as ViolationsResponse).violations)
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function failure(status: number, body: unknown): ApiResult<never> {
  if (isViolationsResponse(body)) return { ok: false, status, data: body };
  // SPEC.md section 8: a failure without violations shows its status and body.
  const shown = typeof body === "string" ? body : JSON.stringify(body ?? "");
  return { ok: false, status, data: { violations: [requestViolation(`${status} ${shown}`.trim())] } };
}

function withoutToken(result: Extract<TokenResult, { ok: false }>): ApiResult<never> {
  if (result.couldNotSend) return { ok: false, status: 0, data: couldNotSendRequestResponse };
  return { ok: false, status: 401, data: { violations: [requestViolation(messages.requestFailed)] } };
}

async function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const method = options.method ?? "GET";
  const headers = new Headers({ Accept: options.accept ?? "application/json" });
  if (token !== null) headers.set("Authorization", `Bearer ${token}`);
  // SPEC.md section 7: methods other than POST send a JSON content type; a JSON body always does.
  // (A body-less DELETE would be refused by the API with that header, so it goes without.)
  if (options.body !== undefined || method === "GET") {
    headers.set("Content-Type", "application/json");
  }
  if (options.ifMatch) headers.set("If-Match", options.ifMatch);
  if (options.idempotencyKey) headers.set("Idempotency-Key", options.idempotencyKey);
  return fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/**
 * Sends one request with `token` (none when null) and reads its answer, without any token handling
 * of its own: the staff back office (features/staff) holds its own token and calls the API this way.
 */
export async function requestWithToken<T>(
  path: string,
  options: ApiRequestOptions,
  token: string | null,
): Promise<ApiResult<T>> {
  try {
    const response = await send(path, options, token);
    const body = await readBody(response);
    if (!response.ok) return failure(response.status, body);
    return { ok: true, status: response.status, data: body as T };
  } catch (error) {
    console.warn(`Could not send ${options.method ?? "GET"} ${path}`, error);
    return { ok: false, status: 0, data: couldNotSendRequestResponse };
  }
}

/** The requests of `apiRequest` on their way, and whether the session has stopped sending. */
const onTheirWay = new Set<Promise<unknown>>();
let sendingStopped = false;
/** How long signing out waits for requests on their way: a request that never answers must not keep the person in. */
const longestWaitMs = 5000;

/** Sends a request, and counts it as on its way until it is answered. */
function sendCounted<T>(path: string, options: ApiRequestOptions, token: string): Promise<ApiResult<T>> {
  const sending = requestWithToken<T>(path, options, token);
  onTheirWay.add(sending);
  void sending.finally(() => onTheirWay.delete(sending));
  return sending;
}

/**
 * The session is ending (signing out, expiry, a deleted account) and the page is about to go: no
 * request is sent from now on (each waits for ever, as the page leaves), and this answers once the
 * requests already on their way have been answered, or after a few seconds. Signing out revokes
 * the token only then, so no read of the page (a plan's payments, say) reaches the API with a
 * token it has just revoked, to be refused (seen as a 401 in CI, issue 44).
 */
export async function stopSending(): Promise<void> {
  sendingStopped = true;
  let waited: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...onTheirWay]),
    new Promise((resolve) => {
      waited = setTimeout(resolve, longestWaitMs);
    }),
  ]);
  clearTimeout(waited);
}

/** A new page sends again (a test's next page: jsdom's page is never loaded afresh). */
export function forgetStoppedSending(): void {
  sendingStopped = false;
}

/**
 * Calls `path` (for example `/api/plan-options`) with the current token. A 401 means the token was
 * refused: it is reset once and that one request is tried again.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  if (sendingStopped) return new Promise<ApiResult<T>>(() => {});
  let tokenResult = await getValidToken();
  if (!tokenResult.ok) return withoutToken(tokenResult);
  if (sendingStopped) return new Promise<ApiResult<T>>(() => {});

  const first = await sendCounted<T>(path, options, tokenResult.token);
  if (first.status !== 401) return first;
  // A signed-in person's token was refused (revoked, or run out): that ends their session.
  if (endSignedInSessionIfAny()) return new Promise<ApiResult<T>>(() => {});
  tokenResult = await resetToken();
  if (!tokenResult.ok) return withoutToken(tokenResult);
  if (sendingStopped) return new Promise<ApiResult<T>>(() => {});
  return sendCounted<T>(path, options, tokenResult.token);
}
