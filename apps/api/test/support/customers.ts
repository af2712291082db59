import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  registeredResponseSchema,
  tokenResponseSchema,
  type RegisterBody,
  type UserResponse,
} from "@kindred/contracts";
import { normaliseEmail } from "@kindred/domain";
import { users } from "../../src/db/schema";
import { toUserResponse } from "../../src/modules/accounts/service";
import { goodPassword, registrationDetails } from "./people";
import { testClient, type TestApp } from "./test-app";

export { goodPassword, registrationDetails };

/** A made-up caller address, so one test's attempts never count against another's limit. */
export function uniqueAddress(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An API call with (or without) a bearer token. */
export function callApi(
  testApp: TestApp,
  token: string | null,
  method: Method,
  url: string,
  payload?: unknown,
  remoteAddress?: string,
) {
  return testApp.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** `POST /token` with these form fields and the web server's client credentials, as it forwards them. */
export function requestToken(testApp: TestApp, fields: Record<string, string>, remoteAddress?: string) {
  return testApp.app.inject({
    method: "POST",
    url: "/token",
    payload: new URLSearchParams({
      client_id: testClient.id,
      client_secret: testClient.secret,
      ...fields,
    }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** `POST /token` with the password grant, as the web server forwards it. */
export function requestCustomerToken(
  testApp: TestApp,
  fields: { username: string; password: string; scope?: string; api_token?: string },
  remoteAddress?: string,
) {
  return requestToken(testApp, { grant_type: "password", scope: "CUSTOMER", ...fields }, remoteAddress);
}

export async function signIn(
  testApp: TestApp,
  email: string,
  password: string = goodPassword,
  applicationToken?: string,
): Promise<string> {
  const response = await requestCustomerToken(testApp, {
    username: email,
    password,
    ...(applicationToken ? { api_token: applicationToken } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.body}`);
  return tokenResponseSchema.parse(response.json()).access_token;
}

export interface TestCustomer {
  details: RegisterBody;
  user: UserResponse;
}

/** The account stored for an address, as `GET /api/user` shows it. */
export async function storedUser(testApp: TestApp, email: string): Promise<UserResponse> {
  const [user] = await testApp.db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  if (!user) throw new Error("No account for this address");
  return toUserResponse(user);
}

/** Registers a customer through the API, as the register page would. */
export async function createCustomer(
  testApp: TestApp,
  overrides: Partial<RegisterBody> = {},
): Promise<TestCustomer> {
  const details = registrationDetails(overrides);
  const applicationToken = await testApp.requestApplicationToken();
  const response = await callApi(testApp, applicationToken, "POST", "/api/account/register", details);
  if (response.statusCode !== 202) throw new Error(`Registration failed: ${response.body}`);
  registeredResponseSchema.parse(response.json());
  // Its confirmation link is made by the registration's own job, a moment after the answer.
  await testApp.app.accountEmailRequests.idle();
  return { details, user: await storedUser(testApp, details.email) };
}

/** A customer who is signed in: their account and a CUSTOMER token. */
export async function createSignedInCustomer(testApp: TestApp, overrides: Partial<RegisterBody> = {}) {
  const customer = await createCustomer(testApp, overrides);
  return { ...customer, token: await signIn(testApp, customer.details.email, customer.details.password) };
}

/** The API address a link in an email points at: the web page's path under `/api`. */
export function apiUrlOfLink(link: string): string {
  const url = new URL(link);
  return `/api${url.pathname}${url.search}`;
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`No link starting ${prefix} in:\n${text}`);
  return link;
}
