import type { TokenErrorResponse, TokenResponse, UserResponse } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { apiRequest } from "./api-client";
import { couldNotSendRequestMessage } from "./request-messages";
import {
  localStorageKeys,
  readLocal,
  removeLocal,
  sessionStorageKeys,
  removeSession,
  writeLocal,
} from "./storage";
import { isTokenValid, readTokenSession, storeTokenSession } from "./token-session";

/**
 * Signing in and out (SPEC.md section 4, Authentication and Logout). A signed-in person holds a
 * CUSTOMER token; `isUserLoggedIn` says so, and the display settings are all that survive
 * signing out.
 */

export type SignInResult = { ok: true } | { ok: false; message: string };

export function isUserLoggedIn(): boolean {
  return readLocal("isUserLoggedIn") === true;
}

/**
 * Asks for a customer token (password grant). The current application token goes with it as
 * `api_token`, so the plan this visitor made as a guest moves to their account.
 */
export async function signIn(email: string, password: string): Promise<SignInResult> {
  const current = readTokenSession();
  const form = new URLSearchParams({ grant_type: "password", scope: "CUSTOMER", username: email, password });
  if (isTokenValid(current) && !isUserLoggedIn()) form.set("api_token", current.token);
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
    console.warn("Could not sign in", error);
    return { ok: false, message: couldNotSendRequestMessage };
  }
  const token = body as Partial<TokenResponse> & Partial<TokenErrorResponse>;
  if (!response.ok || typeof token.access_token !== "string" || typeof token.expires_in !== "number") {
    if (response.status === 429) return { ok: false, message: messages.tooManyAttempts };
    if (response.status >= 500) return { ok: false, message: couldNotSendRequestMessage };
    return { ok: false, message: messages.signInFailed };
  }
  storeTokenSession({ token: token.access_token, setAt: Date.now(), expiry: token.expires_in });
  writeLocal("isUserLoggedIn", true);
  removeLocal("logInExpired");
  const user = await apiRequest<UserResponse>("/api/user");
  if (user.ok) {
    writeLocal("userId", user.data.id);
    writeLocal("userEmail", user.data.email);
    writeLocal("userName", `${user.data.firstName} ${user.data.lastName}`);
  } else {
    console.error("Error receiving user data");
  }
  return { ok: true };
}

/** Forgets everything SPEC.md lists on logout: user, plan, journey, price, documents, personal data. */
export function clearSignedInState(): void {
  for (const key of localStorageKeys) {
    if (key !== "zoom" && key !== "contrast") removeLocal(key);
  }
  for (const key of sessionStorageKeys) removeSession(key);
}

/** Signs out: the server revokes the token, this browser forgets everything, and the page starts afresh. */
export async function signOut(): Promise<void> {
  if (isTokenValid(readTokenSession())) {
    await apiRequest("/api/security/token/current", { method: "DELETE" });
  }
  clearSignedInState();
  window.location.assign("/");
}

/**
 * The signed-in session has run out: forget it, remember to say so, and go to the home page,
 * where the sign-in prompt opens with the notice (SPEC.md section 4).
 */
export function expireSession(): void {
  clearSignedInState();
  writeLocal("logInExpired", true);
  window.location.assign("/");
}
