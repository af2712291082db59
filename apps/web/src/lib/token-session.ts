import type { TokenErrorResponse, TokenResponse } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { readLocal, removeLocal, writeLocal } from "./storage";

/**
 * The bearer token the browser holds (SPEC.md section 4, "Authentication"): the token, when it was
 * set (milliseconds since 1970) and how long it lives (seconds, as the server said), kept in local
 * storage as `token`, `tokenSetAt` and `tokenExpiry`.
 */
export interface TokenSession {
  token: string;
  setAt: number;
  expiry: number;
}

export type TokenResult =
  | { ok: true; token: string }
  /** `error` is the server's OAuth error code, or SPEC.md's message when nothing could be sent. */
  | { ok: false; error: string; couldNotSend: boolean };

export function readTokenSession(): TokenSession | null {
  const token = readLocal("token");
  const setAt = readLocal("tokenSetAt");
  const expiry = readLocal("tokenExpiry");
  if (typeof token !== "string" || token === "") return null;
  if (typeof setAt !== "number" || typeof expiry !== "number") return null;
  return { token, setAt, expiry };
}

/** A token is valid if it is present and not past its set time plus its lifetime. */
export function isTokenValid(
  session: TokenSession | null,
  now: number = Date.now(),
): session is TokenSession {
  return session !== null && now < session.setAt + session.expiry * 1000;
}

export function storeTokenSession(session: TokenSession): void {
  writeLocal("token", session.token);
  writeLocal("tokenSetAt", session.setAt);
  writeLocal("tokenExpiry", session.expiry);
}

function clearTokenSession(): void {
  removeLocal("token");
  removeLocal("tokenSetAt");
  removeLocal("tokenExpiry");
}

function isTokenResponse(body: unknown): body is TokenResponse {
  if (typeof body !== "object" || body === null) return false;
  const candidate = body as Partial<TokenResponse>;
  return typeof candidate.access_token === "string" && typeof candidate.expires_in === "number";
}

function tokenErrorOf(body: unknown): string {
  if (typeof body === "object" && body !== null && typeof (body as TokenErrorResponse).error === "string") {
    return (body as TokenErrorResponse).error;
  }
  return "server_error";
}

/**
 * Asks this site's `/token` for an application token (client credentials, scope APPLICATION).
 * The web server adds the client id and secret; the browser never knows them.
 */
async function requestApplicationToken(): Promise<TokenResult> {
  const form = new URLSearchParams({ grant_type: "client_credentials", scope: "APPLICATION" });
  let response: Response;
  let body: unknown;
  try {
    response = await fetch("/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
    });
    body = await response.json();
  } catch (error) {
    console.warn("Could not ask for an access token", error);
    return { ok: false, error: messages.requestNotSent, couldNotSend: true };
  }
  if (response.status === 502) {
    // This site's server could not reach the API: for the person, the request was not sent.
    console.warn("Could not ask for an access token: the API could not be reached");
    return { ok: false, error: messages.requestNotSent, couldNotSend: true };
  }
  if (!response.ok || !isTokenResponse(body)) {
    return { ok: false, error: tokenErrorOf(body), couldNotSend: false };
  }
  storeTokenSession({ token: body.access_token, setAt: Date.now(), expiry: body.expires_in });
  return { ok: true, token: body.access_token };
}

let pending: Promise<TokenResult> | null = null;

/** Several requests that find no valid token at once share one token request. */
function requestOnce(): Promise<TokenResult> {
  pending ??= requestApplicationToken().finally(() => {
    pending = null;
  });
  return pending;
}

let onSignedInSessionEnded: (() => void) | null = null;

/** What to do when a signed-in person's token runs out or is refused (the session layer sets it). */
export function whenSignedInSessionEnds(handler: () => void): void {
  onSignedInSessionEnded = handler;
}

/** True when a signed-in session has just ended and the handler has taken over. */
export function endSignedInSessionIfAny(): boolean {
  if (readLocal("isUserLoggedIn") !== true || !onSignedInSessionEnded) return false;
  onSignedInSessionEnded();
  return true;
}

/**
 * The stored token if it is still valid; otherwise a new application token. A signed-in
 * person whose token has run out is signed out instead (SPEC.md section 4).
 */
export function getValidToken(): Promise<TokenResult> {
  const session = readTokenSession();
  if (isTokenValid(session)) return Promise.resolve({ ok: true, token: session.token });
  if (endSignedInSessionIfAny()) return new Promise<TokenResult>(() => {});
  return requestOnce();
}

/** Forgets the stored token and fetches an application token again. */
export function resetToken(): Promise<TokenResult> {
  clearTokenSession();
  return requestOnce();
}
