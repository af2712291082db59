import {
  customerSignInLinkGrantType,
  type TokenErrorResponse,
  type TokenResponse,
  type UserResponse,
} from "@kindred/contracts";
import { messages, normaliseEmail } from "@kindred/domain";
import { apiRequest, requestWithToken, stopSending } from "./api-client";
import {
  localStorageKeys,
  type LocalStorageKey,
  readLocal,
  removeLocal,
  sessionStorageKeys,
  removeSession,
  writeLocal,
} from "./storage";
import { getValidToken, isTokenValid, readTokenSession, storeTokenSession } from "./token-session";

/**
 * Signing in and out (SPEC.md section 4, Authentication and Logout). A signed-in person holds a
 * CUSTOMER token; `isUserLoggedIn` says so, and the display settings are all that survive
 * signing out.
 */

/** What a sign-in attempt comes to: signed in, or the words to show the person. */
export type SignInResult = { ok: true } | { ok: false; message: string };

/** Signs a person in with their email address and password; screens are given one of these. */
export type SignIn = (email: string, password: string) => Promise<SignInResult>;

export function isUserLoggedIn(): boolean {
  return readLocal("isUserLoggedIn") === true;
}

function isTokenResponse(body: unknown): body is TokenResponse {
  if (typeof body !== "object" || body === null) return false;
  const candidate = body as Partial<TokenResponse>;
  return typeof candidate.access_token === "string" && typeof candidate.expires_in === "number";
}

function oauthError(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const error = (body as Partial<TokenErrorResponse>).error;
  return typeof error === "string" ? error : null;
}

const beforeSignIn = new Set<() => Promise<unknown>>();

/**
 * Work to finish before a sign-in is sent: the journey registers its pending save here, so a
 * guest's plan exists on the server before it is moved to the account.
 */
export function finishBeforeSignIn(task: () => Promise<unknown>): void {
  beforeSignIn.add(task);
}

/**
 * A customer token by the password grant (SPEC.md section 7, "Token"): `POST /token` with
 * grant_type=password, scope=CUSTOMER, the email as username, the password, and the current
 * application token as `api_token`, so the plan this visitor made as a guest moves to their
 * account. Then the person's details are fetched and kept (SPEC.md section 4, Startup).
 */
export const signIn: SignIn = (email, password) =>
  signInWith(
    { grant_type: "password", username: normaliseEmail(email), password },
    messages.signInFailed,
    normaliseEmail(email),
  );

/**
 * A customer token by the link emailed to the owner while someone guesses at their password
 * (decision 038): the link's id and secret, used once. The browser becomes one the account knows.
 */
export function signInWithLink(id: string, token: string): Promise<SignInResult> {
  return signInWith(
    { grant_type: customerSignInLinkGrantType, link_id: id, link_token: token },
    messages.signInLinkInvalid,
  );
}

/** Signs in with `grant`'s fields; a refusal is told with `refusedMessage`. */
async function signInWith(
  grant: Record<string, string>,
  refusedMessage: string,
  email?: string,
): Promise<SignInResult> {
  await Promise.all([...beforeSignIn].map((task) => task()));
  const application = await getValidToken();
  if (!application.ok) {
    return {
      ok: false,
      message: application.couldNotSend ? messages.requestNotSent : messages.requestFailed,
    };
  }
  const form = new URLSearchParams({ ...grant, scope: "CUSTOMER" });
  if (!isUserLoggedIn()) form.set("api_token", application.token);
  // A browser that signed in before is let through while a stranger guesses elsewhere (decision 024).
  const knownBrowser = readLocal("knownBrowser");
  if (typeof knownBrowser === "string") form.set("known_browser", knownBrowser);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch("/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
    });
    body = await response.json().catch(() => null);
  } catch (error) {
    console.warn("Could not send the sign-in request", error);
    return { ok: false, message: messages.requestNotSent };
  }
  if (response.status === 429 || oauthError(body) === "too_many_attempts") {
    return { ok: false, message: messages.tooManyAttempts };
  }
  if (response.status === 502) return { ok: false, message: messages.requestNotSent };
  if (!response.ok || !isTokenResponse(body)) {
    const error = oauthError(body);
    return {
      ok: false,
      message: error === null || error === "server_error" ? messages.requestFailed : refusedMessage,
    };
  }
  storeTokenSession({ token: body.access_token, setAt: Date.now(), expiry: body.expires_in });
  if (body.known_browser !== undefined) writeLocal("knownBrowser", body.known_browser);
  writeLocal("isUserLoggedIn", true);
  if (email !== undefined) writeLocal("userEmail", email);
  removeLocal("logInExpired");
  const user = await apiRequest<UserResponse>("/api/user");
  if (user.ok && user.data) {
    writeLocal("userId", user.data.id);
    writeLocal("userName", `${user.data.firstName} ${user.data.lastName}`);
    if (email === undefined) writeLocal("userEmail", normaliseEmail(user.data.email));
  } else {
    console.warn("Error receiving user data");
  }
  return { ok: true };
}

/** What stays when a person signs out: their display settings, and that this browser is theirs. */
const keptAfterSignOut: readonly LocalStorageKey[] = ["zoom", "contrast", "knownBrowser"];

/** Forgets everything SPEC.md lists on logout: user, plan, journey, price, documents, personal data. */
export function clearSignedInState(): void {
  for (const key of localStorageKeys) {
    if (!keptAfterSignOut.includes(key)) removeLocal(key);
  }
  for (const key of sessionStorageKeys) removeSession(key);
}

let ending = false;

/** True once signing out (or expiry) has begun: nothing more should be saved under this session. */
export function isSessionEnding(): boolean {
  return ending;
}

/** A new page has no session ending (a test's next page: jsdom's page is never loaded afresh). */
export function forgetSessionEnding(): void {
  ending = false;
}

/** Signs out: the server revokes the token, this browser forgets everything, and the page starts afresh. */
export async function signOut(): Promise<void> {
  ending = true;
  await stopSending();
  const session = readTokenSession();
  if (isTokenValid(session)) {
    await requestWithToken("/api/security/token/current", { method: "DELETE" }, session.token);
  }
  clearSignedInState();
  window.location.assign("/");
}

/**
 * The account was deleted (issue 25 item 12): the server has already ended every session, so this
 * browser only forgets it, and nothing more is saved under it. The caller says so, then goes home.
 */
export function forgetDeletedAccount(): void {
  ending = true;
  void stopSending();
  clearSignedInState();
}

/**
 * The signed-in session has run out: forget it, remember to say so, and go to the home page,
 * where the sign-in prompt opens with the notice (SPEC.md section 4).
 */
export function expireSession(): void {
  // Signing out already in progress: its own ending wins (no "expired" notice after a sign-out).
  if (ending) return;
  ending = true;
  void stopSending();
  clearSignedInState();
  writeLocal("logInExpired", true);
  window.location.assign("/");
}
