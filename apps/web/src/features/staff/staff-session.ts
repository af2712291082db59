import {
  staffSignInGrantType,
  type StaffSignInForm,
  type TokenErrorResponse,
  type TokenResponse,
} from "@kindred/contracts";
import { messages, normaliseEmail, staffMessages } from "@kindred/domain";
import { requestWithToken, type ApiRequestOptions, type ApiResult } from "../../lib/api-client";
import { ApiRequestError } from "../../lib/api-query";
import { readSession, removeSession, writeSession } from "../../lib/storage";
import { loadPage, staffPaths } from "./staff-navigation";

/**
 * A member of staff's session (docs/decisions/031-staff-back-office.md): their STAFF token, kept in
 * the tab's session storage as `staffSession`, apart from the customer's token and never sent by
 * the customer's client. The API ends it after 15 minutes without use; any 401 then sends the
 * person to sign in again, and this tab keeps nothing.
 */
interface StaffSession {
  token: string;
  /** Milliseconds since 1970: the token's absolute end, as the API gave it. */
  expiresAt: number;
}

function readStaffSession(now = Date.now()): StaffSession | null {
  const stored = readSession("staffSession");
  if (typeof stored !== "object" || stored === null) return null;
  const { token, expiresAt } = stored as Partial<StaffSession>;
  if (typeof token !== "string" || token === "" || typeof expiresAt !== "number") return null;
  return now < expiresAt ? { token, expiresAt } : null;
}

/** What a sign-in attempt comes to: signed in, or the words to show. */
export type StaffSignInResult = { ok: true } | { ok: false; message: string };

function tokenErrorOf(body: unknown): Partial<TokenErrorResponse> {
  return typeof body === "object" && body !== null ? (body as Partial<TokenErrorResponse>) : {};
}

/** `POST /token` through this site's forwarder, with the staff grant (scope STAFF). */
export async function staffSignIn(form: StaffSignInForm): Promise<StaffSignInResult> {
  const fields = new URLSearchParams({
    grant_type: staffSignInGrantType,
    scope: "STAFF",
    username: normaliseEmail(form.username),
    password: form.password,
    otp: form.otp,
  });
  let response: Response;
  let body: unknown;
  try {
    response = await fetch("/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: fields.toString(),
    });
    body = await response.json().catch(() => null);
  } catch (error) {
    console.warn("Could not send the staff sign-in request", error);
    return { ok: false, message: messages.requestNotSent };
  }
  const refusal = tokenErrorOf(body);
  if (response.status === 429 || refusal.error === "too_many_attempts") {
    return { ok: false, message: staffMessages.staffTooManyTries };
  }
  if (refusal.error === "invalid_grant") return { ok: false, message: staffMessages.staffSignInFailed };
  if (response.status === 502) return { ok: false, message: messages.requestNotSent };
  const token = body as Partial<TokenResponse> | null;
  if (!response.ok || typeof token?.access_token !== "string" || typeof token.expires_in !== "number") {
    return { ok: false, message: messages.requestFailed };
  }
  writeSession("staffSession", {
    token: token.access_token,
    expiresAt: Date.now() + token.expires_in * 1000,
  } satisfies StaffSession);
  return { ok: true };
}

/** Forgets the token (and the last plan search) and goes to `path` on a fresh page. */
function leaveFor(path: string): void {
  removeSession("staffSession");
  removeSession("staffPlanSearch");
  loadPage(path);
}

/**
 * Signs out on this device: the API ends the token (so a copy of it is no use either), and it is
 * forgotten here. If the API cannot be reached it is still forgotten, and runs out when idle.
 */
export async function staffSignOut(): Promise<void> {
  const session = readStaffSession();
  if (session !== null)
    await requestWithToken<null>("/api/staff/sign-out", { method: "POST" }, session.token);
  leaveFor(staffPaths.signIn);
}

/**
 * Calls the staff API with this tab's token. No token (never signed in, or run out) or a refused
 * one (idle 15 minutes, signed out everywhere, locked) ends the session: the person is sent to
 * sign in, told why, and the call never answers.
 */
async function staffRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const session = readStaffSession();
  if (session === null) {
    leaveFor(readSession("staffSession") === null ? staffPaths.signIn : staffPaths.signedOut);
    return new Promise<ApiResult<T>>(() => {});
  }
  const result = await requestWithToken<T>(path, options, session.token);
  if (result.status === 401) {
    leaveFor(staffPaths.signedOut);
    return new Promise<ApiResult<T>>(() => {});
  }
  return result;
}

/** `staffRequest` for a query or mutation: the data, or an `ApiRequestError` thrown. */
export async function staffData<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  const result = await staffRequest<T>(path, options);
  if (!result.ok) throw new ApiRequestError(result.status, result.data.violations);
  return result.data;
}

/** The invitation's two calls need no token: the link's secret is the credential. */
export async function invitationData<T>(path: string, body: unknown): Promise<T> {
  const result = await requestWithToken<T>(path, { method: "POST", body }, null);
  if (!result.ok) throw new ApiRequestError(result.status, result.data.violations);
  return result.data;
}

/** Signs out on every device (the API revokes every token of the member), then here. */
export async function staffSignOutEverywhere(): Promise<void> {
  await staffData<null>("/api/staff/sign-out-everywhere", { method: "POST" });
  leaveFor(staffPaths.signIn);
}
