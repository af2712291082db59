import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { waitForEmailTo, type OutboxMessage } from "../../api/test/support/outbox";
import { dataDir } from "../playwright.config";
import { expect } from "./fixtures";

/** Where the API started by the end-to-end tests writes its emails (see playwright.config.ts). */
const outbox = path.join(dataDir, "outbox");

let people = 0;
/** A new person for each test, so tests never share an account. */
export function newPerson(label: string) {
  people += 1;
  const unique = `${label}-${process.pid}-${Date.now()}-${people}`;
  return {
    firstName: "Margaret",
    lastName: "Hughes",
    email: `${unique}@example.com`,
    password: "Roses&lilies2",
  };
}

/** The newest email sent to `to`, waiting for it as a person would wait for their inbox. */
export function latestEmailTo(to: string, subject: RegExp): Promise<OutboxMessage> {
  return waitForEmailTo(outbox, to, subject);
}

export function linkIn(message: OutboxMessage, pathPart: string): string {
  const link = message.text.match(new RegExp(`https?://\\S*${pathPart}\\S*`))?.[0];
  if (!link) throw new Error(`No ${pathPart} link in "${message.subject}"`);
  return link;
}

export async function signInThroughPrompt(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: /Sign in or create an account/ });
  await expect(dialog).toBeVisible();
  const signInForm = dialog.locator("form").filter({ has: page.getByRole("button", { name: "Sign in" }) });
  await signInForm.getByLabel("Email address").fill(email);
  await signInForm.getByLabel("Password", { exact: true }).fill(password);
  await signInForm.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(/Signed in as/)).toBeVisible();
}

/** Every stored key of both storage areas, with its value. */
export function storedKeys(
  page: Page,
): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => ({
    local: { ...localStorage },
    session: { ...sessionStorage },
  }));
}

/** Makes the account through the API, as a person would have done on an earlier visit. */
export async function registerThroughApi(request: APIRequestContext, person: ReturnType<typeof newPerson>) {
  const token = await request.post("/token", {
    form: { grant_type: "client_credentials", scope: "APPLICATION" },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const registered = await request.post("/api/account/register", {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { ...person, confirmEmail: person.email, passwordRepeat: person.password },
  });
  expect(registered.status()).toBe(202);
  return { applicationToken: accessToken };
}
