import { customerGuestDetails } from "./support/people";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  messageResponseSchema,
  planListResponseSchema,
  registeredResponseSchema,
  userResponseSchema,
  violationsResponseSchema,
  type RegisterBody,
} from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { accountEmailsSent, accountTokens, plans, users } from "../src/db/schema";
import {
  apiUrlOfLink,
  callApi,
  createCustomer,
  createSignedInCustomer,
  goodPassword,
  linkIn,
  registrationDetails,
  requestCustomerToken,
  signIn,
  uniqueAddress,
} from "./support/customers";
import type { OutboxMessage } from "./support/outbox";
import { createTestApp, type TestApp } from "./support/test-app";

const siteUrl = "https://plans.kindred.test";
let testApp: TestApp;
let applicationToken: string;

beforeAll(async () => {
  testApp = await createTestApp({ SITE_URL: siteUrl });
  applicationToken = await testApp.requestApplicationToken();
});
afterAll(() => testApp.close());

async function messagesTo(address: string): Promise<OutboxMessage[]> {
  return (await testApp.readOutbox()).filter((message) => message.to === address.trim().toLowerCase());
}

async function onlyMessageTo(address: string, subject: string): Promise<OutboxMessage> {
  const found = (await messagesTo(address)).filter((message) => message.subject === subject);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** What every email must be: both parts, the product's sign-off and phone number, nothing unfilled. */
function expectWellFormed(message: OutboxMessage) {
  expect(message.partTypes).toEqual(["text/plain", "text/html"]);
  expect(message.from).toContain("Kindred Funeral Plans");
  for (const part of [message.text, message.html]) {
    expect(part).toContain("The Kindred Funeral Plans team");
    expect(part).toContain("0808 157 0192");
    expect(part).not.toMatch(/undefined|null|NaN|\[object/);
  }
  expect(message.html).toMatch(/^<!doctype html>/);
}

async function confirmLinkOf(email: string): Promise<string> {
  const message = await onlyMessageTo(email, "Please confirm your email address");
  return linkIn(message.text, `${siteUrl}/account/confirm-email?`);
}

async function resetLinksOf(email: string): Promise<string[]> {
  return (await messagesTo(email))
    .filter((message) => message.subject === "Reset your password")
    .map((message) => linkIn(message.text, `${siteUrl}/reset-password?`));
}

/** Each request from its own address: this file asks for many resets, more than one address may. */
function forgotPassword(email: string) {
  return callApi(
    testApp,
    applicationToken,
    "POST",
    "/api/account/forgot-password",
    { email },
    uniqueAddress(),
  );
}

function register(body: unknown, token = applicationToken) {
  return callApi(testApp, token, "POST", "/api/account/register", body);
}

/** As if the account's last email of `kind` went `minutesAgo`. */
async function lastSent(
  email: string,
  kind: "account-exists" | "reset-password" | "confirm-email-resend",
  minutesAgo: number,
) {
  const [user] = await testApp.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  await testApp.db
    .update(accountEmailsSent)
    .set({ sentAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(sql`${accountEmailsSent.userId} = ${user?.id} and ${accountEmailsSent.kind} = ${kind}`);
}

function subjectsTo(address: string, subject: string) {
  return messagesTo(address).then((found) => found.filter((message) => message.subject === subject));
}

async function countUsers(): Promise<number> {
  return (await testApp.db.select({ id: users.id }).from(users)).length;
}

describe("POST /api/account/register", () => {
  it("creates an unconfirmed customer account with an application token", async () => {
    const details = registrationDetails();

    const response = await register(details);

    expect(response.statusCode).toBe(202);
    expect(registeredResponseSchema.parse(response.json())).toEqual({ message: messages.accountRegistered });
    const customerToken = await signIn(testApp, details.email);
    const user = await callApi(testApp, customerToken, "GET", "/api/user");
    expect(userResponseSchema.parse(user.json())).toEqual({
      id: expect.any(String),
      firstName: details.firstName,
      lastName: details.lastName,
      email: details.email,
      emailConfirmed: false,
    });
  });

  it.each(["Password1!", "Qwerty123?", "iloveyou1!", "P@ssw0rd"])(
    "refuses %s, a common breached password, and makes no account",
    async (password) => {
      const before = await countUsers();

      const response = await register(registrationDetails({ password, passwordRepeat: password }));

      expect(response.statusCode).toBe(400);
      expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
        {
          propertyPath: "password",
          title:
            "This password is one of the most common, so it is easy to guess. Please choose a different one.",
        },
      ]);
      expect(await countUsers()).toBe(before);
    },
  );

  it("stores the address normalised and the password only as an argon2id hash", async () => {
    const details = registrationDetails();
    const shouted = `  ${details.email.toUpperCase()} `;

    const response = await register({ ...details, email: shouted, confirmEmail: details.email });

    expect(response.statusCode).toBe(202);
    const [row] = await testApp.db.select().from(users).where(eq(users.email, details.email));
    expect(row?.kind).toBe("customer");
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(details.password);
  });

  it("emails a signed link to confirm the address", async () => {
    const details = registrationDetails();
    await register(details);

    const message = await onlyMessageTo(details.email, "Please confirm your email address");

    expectWellFormed(message);
    expect(message.text).toContain(`Dear ${details.firstName},`);
    const link = linkIn(message.text, `${siteUrl}/account/confirm-email?`);
    const query = new URL(link).searchParams;
    expect([...query.keys()]).toEqual(["id", "token", "signature"]);
    expect(message.html).toContain(link.replace(/&/g, "&amp;"));
    expect(message.text).toContain("48 hours");
  });

  const passwordCases: [string, string, string][] = [
    ["has no letter", "12345678!", messages.passwordNeedsLetter],
    ["has no number", "Password!", messages.passwordNeedsNumber],
    ["has no special character", "Password1", messages.passwordNeedsSpecial],
    ["is too short (7 characters)", "Pass55!", messages.passwordTooShort],
    ["is too long (26 characters)", `${"Password1!".repeat(2)}Passwo`, messages.passwordTooLong],
  ];

  const fieldCases: [string, Partial<RegisterBody>, string, string][] = [
    ...passwordCases.map(([problem, password, title]): [string, Partial<RegisterBody>, string, string] => [
      `a password that ${problem}`,
      { password, passwordRepeat: password },
      "password",
      title,
    ]),
    [
      "a repeated password that differs",
      { passwordRepeat: `${goodPassword}x` },
      "passwordRepeat",
      messages.passwordsMustMatch,
    ],
    ["a first name that is too short", { firstName: "A" }, "firstName", messages.tooShort(2)],
    ["a last name that is too long", { lastName: "L".repeat(51) }, "lastName", messages.tooLong(50)],
    [
      "an email address that is not one",
      { email: "ada.example.com", confirmEmail: "ada.example.com" },
      "email",
      messages.invalidEmail,
    ],
    [
      "a confirmation that differs from the email",
      { confirmEmail: "someone.else@example.com" },
      "confirmEmail",
      messages.emailsMustMatch,
    ],
  ];

  it.each(fieldCases)(
    "refuses %s with its message, and creates nothing",
    async (_case, overrides, path, title) => {
      const details = registrationDetails(overrides);
      const usersBefore = await countUsers();
      const outboxBefore = (await testApp.readOutbox()).length;

      const response = await register(details);

      expect(response.statusCode).toBe(400);
      expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
        { propertyPath: path, title },
      ]);
      expect(await countUsers()).toBe(usersBefore);
      expect((await testApp.readOutbox()).length).toBe(outboxBefore);
    },
  );

  it("answers an address that already has an account as it answers a new one, and emails its owner instead", async () => {
    const { details: owner } = await createCustomer(testApp);
    const usersBefore = await countUsers();
    const stranger = registrationDetails({
      email: owner.email.toUpperCase(),
      confirmEmail: owner.email,
      password: "Another-Harbour8",
      passwordRepeat: "Another-Harbour8",
    });

    const taken = await register(stranger);
    const fresh = await register(registrationDetails());

    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect(await countUsers()).toBe(usersBefore + 1);
    // The owner's account is as it was: their password still works, the stranger's does not.
    await signIn(testApp, owner.email, owner.password);
    expect(
      (await requestCustomerToken(testApp, { username: owner.email, password: stranger.password }))
        .statusCode,
    ).toBe(400);
    const told = await onlyMessageTo(owner.email, "You already have an account with us");
    expectWellFormed(told);
    // Greeted by their own name, never one a stranger typed.
    expect(told.text).toContain(`Dear ${owner.firstName},`);
    expect(told.text).not.toContain(stranger.firstName);
    expect(linkIn(told.text, `${siteUrl}/account`)).toBe(`${siteUrl}/account`);
    expect(linkIn(told.text, `${siteUrl}/forgotten-password`)).toBe(`${siteUrl}/forgotten-password`);
    expect((await messagesTo(owner.email)).map((message) => message.subject)).toEqual([
      "Please confirm your email address",
      "You already have an account with us",
    ]);
  });

  it("tells an address's owner of others' registrations at most once an hour, answering each the same", async () => {
    const owner = (await createCustomer(testApp)).details;
    const fresh = await register(registrationDetails());
    const answers = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      answers.push(
        await register({ ...registrationDetails(), email: owner.email, confirmEmail: owner.email }),
      );
    }

    for (const answer of answers) {
      expect(answer.statusCode).toBe(fresh.statusCode);
      expect(answer.body).toBe(fresh.body);
    }
    expect(await subjectsTo(owner.email, "You already have an account with us")).toHaveLength(1);

    await lastSent(owner.email, "account-exists", 61);
    await register({ ...registrationDetails(), email: owner.email, confirmEmail: owner.email });
    expect(await subjectsTo(owner.email, "You already have an account with us")).toHaveLength(2);
  });

  it("needs a bearer token", async () => {
    const response = await register(registrationDetails(), "");

    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/account/confirm-email", () => {
  it("confirms the address with the emailed link, once", async () => {
    const { details, user } = await createCustomer(testApp);
    const link = await confirmLinkOf(details.email);

    const first = await callApi(testApp, applicationToken, "GET", apiUrlOfLink(link));

    expect(first.statusCode).toBe(200);
    expect(messageResponseSchema.parse(first.json())).toEqual({ message: messages.emailConfirmed });
    const token = await signIn(testApp, details.email);
    const me = await callApi(testApp, token, "GET", "/api/user");
    expect(userResponseSchema.parse(me.json())).toEqual({ ...user, emailConfirmed: true });

    const again = await callApi(testApp, applicationToken, "GET", apiUrlOfLink(link));

    expect(again.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(again.json()).violations).toEqual([
      { propertyPath: "token", title: messages.confirmLinkInvalid },
    ]);
  });

  it("refuses a link whose signature was changed, and leaves the real link working", async () => {
    const { details } = await createCustomer(testApp);
    const link = new URL(await confirmLinkOf(details.email));
    const signature = link.searchParams.get("signature") ?? "";
    const tampered = new URL(link);
    tampered.searchParams.set("signature", `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`);

    const response = await callApi(testApp, applicationToken, "GET", apiUrlOfLink(tampered.toString()));

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "token", title: messages.confirmLinkInvalid },
    ]);
    const [row] = await testApp.db.select().from(users).where(eq(users.email, details.email));
    expect(row?.emailConfirmedAt).toBeNull();
    expect((await callApi(testApp, applicationToken, "GET", apiUrlOfLink(link.toString()))).statusCode).toBe(
      200,
    );
  });

  it("refuses a link for another account, even with a signature of the right shape", async () => {
    const first = await createCustomer(testApp);
    const second = await createCustomer(testApp);
    const link = new URL(await confirmLinkOf(first.details.email));
    link.searchParams.set("id", second.user.id);

    const response = await callApi(testApp, applicationToken, "GET", apiUrlOfLink(link.toString()));

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "token", title: messages.confirmLinkInvalid },
    ]);
  });

  it("refuses a link after 48 hours", async () => {
    const { details, user } = await createCustomer(testApp);
    const link = await confirmLinkOf(details.email);
    await testApp.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user.id));

    const response = await callApi(testApp, applicationToken, "GET", apiUrlOfLink(link));

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "token", title: messages.confirmLinkInvalid },
    ]);
  });

  it("makes its links last 48 hours", async () => {
    const { user } = await createCustomer(testApp);

    const [row] = await testApp.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));

    const hours = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(hours).toBeCloseTo(48, 3);
    expect(row?.purpose).toBe("confirm-email");
  });
});

describe("POST /api/account/forgot-password", () => {
  it("answers the same for an address with an account and one without, and emails only the account", async () => {
    const { details } = await createCustomer(testApp);
    const unknown = registrationDetails().email;

    const known = await forgotPassword(details.email);
    const stranger = await forgotPassword(unknown);

    expect(known.statusCode).toBe(202);
    expect(stranger.statusCode).toBe(202);
    expect(known.body).toBe(stranger.body);
    expect(messageResponseSchema.parse(known.json())).toEqual({ message: messages.resetLinkSent });
    expect(await resetLinksOf(details.email)).toHaveLength(1);
    expect(await messagesTo(unknown)).toEqual([]);
  });

  it("emails an account at most one reset link an hour, however often it is asked, answering each the same", async () => {
    const { details } = await createCustomer(testApp);
    const answers = [await forgotPassword(details.email), await forgotPassword(details.email)];
    answers.push(await forgotPassword(details.email));

    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(answers[0]?.body);
    }
    const [link] = await resetLinksOf(details.email);
    expect(await resetLinksOf(details.email)).toHaveLength(1);
    // The one link sent still works.
    const url = new URL(link!);
    const reset = await callApi(testApp, applicationToken, "POST", "/api/account/reset-password", {
      id: url.searchParams.get("id"),
      token: url.searchParams.get("token"),
      password: "Quiet-Meadow-Lane7",
      passwordRepeat: "Quiet-Meadow-Lane7",
    });
    expect(reset.statusCode).toBe(200);
  });

  it("emails another reset link once the last is an hour old", async () => {
    const { details } = await createCustomer(testApp);
    await forgotPassword(details.email);
    expect(await resetLinksOf(details.email)).toHaveLength(1);

    await lastSent(details.email, "reset-password", 61);
    await forgotPassword(details.email);

    expect(await resetLinksOf(details.email)).toHaveLength(2);
  });

  // It reads the request from pg-boss's own table, which PostgreSQL and PGlite each get from pg-boss.
  it(
    "does the same work for both: one sealed request queued, the address looked up only afterwards",
    { tags: ["engine"] },
    async () => {
      const { details } = await createCustomer(testApp);
      const unknown = registrationDetails().email;

      await forgotPassword(details.email);
      await forgotPassword(unknown);

      const { rows } = (await testApp.db.execute(
        sql`select data::text as data from pgboss.job where name = 'account-email-request' order by created_on desc limit 2`,
      )) as unknown as { rows: { data: string }[] };
      expect(rows).toHaveLength(2);
      for (const { data } of rows) {
        expect(JSON.parse(data)).toMatchObject({ kind: "password-reset", sealed: expect.any(String) });
        expect(data).not.toContain(details.email);
        expect(data).not.toContain(unknown);
      }
      expect(await resetLinksOf(details.email)).toHaveLength(1);
      expect(await messagesTo(unknown)).toEqual([]);
    },
  );

  it("emails a link to the reset page that works for an hour", async () => {
    const { details, user } = await createCustomer(testApp);

    await forgotPassword(details.email);

    const message = await onlyMessageTo(details.email, "Reset your password");
    expectWellFormed(message);
    const link = new URL(linkIn(message.text, `${siteUrl}/reset-password?`));
    expect(link.searchParams.get("id")).toBe(user.id);
    expect(link.searchParams.get("token")?.length).toBeGreaterThanOrEqual(32);
    expect(message.html).toContain(link.toString().replace(/&/g, "&amp;"));
    const [row] = await testApp.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.purpose, "reset-password"));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeCloseTo(60, 3);
  });

  it("refuses a malformed address as a violation", async () => {
    const response = await forgotPassword("not an address");

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "email", title: messages.invalidEmail },
    ]);
  });
});

describe("POST /api/account/reset-password", () => {
  const newPassword = "Brand-New-Lantern4";

  async function askForReset(email: string): Promise<{ id: string; token: string }> {
    await forgotPassword(email);
    const links = await resetLinksOf(email);
    const link = new URL(links[links.length - 1]!);
    return { id: link.searchParams.get("id") ?? "", token: link.searchParams.get("token") ?? "" };
  }

  function reset(body: Record<string, unknown>) {
    return callApi(testApp, applicationToken, "POST", "/api/account/reset-password", body);
  }

  it("changes the password, signs the customer out everywhere and tells them by email", async () => {
    const { details, token: oldToken } = await createSignedInCustomer(testApp);
    expect((await callApi(testApp, oldToken, "GET", "/api/user")).statusCode).toBe(200);
    const secret = await askForReset(details.email);

    const response = await reset({ ...secret, password: newPassword, passwordRepeat: newPassword });

    expect(response.statusCode).toBe(200);
    expect(messageResponseSchema.parse(response.json())).toEqual({ message: messages.passwordChanged });
    expect((await callApi(testApp, oldToken, "GET", "/api/user")).statusCode).toBe(401);
    expect((await callApi(testApp, oldToken, "GET", "/api/plan")).statusCode).toBe(401);
    const refused = await requestCustomerToken(testApp, {
      username: details.email,
      password: details.password,
    });
    expect(refused.json()).toMatchObject({ error: "invalid_grant" });
    const newToken = await signIn(testApp, details.email, newPassword);
    expect((await callApi(testApp, newToken, "GET", "/api/user")).statusCode).toBe(200);
    const notice = await onlyMessageTo(details.email, "Your password has been changed");
    expectWellFormed(notice);
    expect(notice.text).toContain("signed you out");
  });

  it("refuses a common breached password and keeps the old one and the link", async () => {
    const { details } = await createCustomer(testApp);
    const secret = await askForReset(details.email);

    const refused = await reset({ ...secret, password: "Sunshine1!", passwordRepeat: "Sunshine1!" });

    expect(refused.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(refused.json()).violations).toEqual([
      { propertyPath: "password", title: messages.passwordTooCommon },
    ]);
    await signIn(testApp, details.email, details.password);
    expect((await reset({ ...secret, password: newPassword, passwordRepeat: newPassword })).statusCode).toBe(
      200,
    );
  });

  it("works once: the same link cannot set another password", async () => {
    const { details } = await createCustomer(testApp);
    const secret = await askForReset(details.email);
    expect((await reset({ ...secret, password: newPassword, passwordRepeat: newPassword })).statusCode).toBe(
      200,
    );

    const again = await reset({
      ...secret,
      password: "Another-Lantern5",
      passwordRepeat: "Another-Lantern5",
    });

    expect(again.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(again.json()).violations).toEqual([
      { propertyPath: "token", title: messages.resetLinkInvalid },
    ]);
    await signIn(testApp, details.email, newPassword);
  });

  it("retires an earlier link when a new one is sent", async () => {
    const { details } = await createCustomer(testApp);
    const earlier = await askForReset(details.email);
    // At most one link an hour is sent: as if the earlier one were an hour old.
    await lastSent(details.email, "reset-password", 61);
    const later = await askForReset(details.email);

    const withEarlier = await reset({ ...earlier, password: newPassword, passwordRepeat: newPassword });
    const withLater = await reset({ ...later, password: newPassword, passwordRepeat: newPassword });

    expect(withEarlier.statusCode).toBe(400);
    expect(withLater.statusCode).toBe(200);
  });

  it("refuses a link after an hour, and keeps the old password", async () => {
    const { details, user } = await createCustomer(testApp);
    const secret = await askForReset(details.email);
    await testApp.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user.id));

    const response = await reset({ ...secret, password: newPassword, passwordRepeat: newPassword });

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "token", title: messages.resetLinkInvalid },
    ]);
    await signIn(testApp, details.email, details.password);
  });

  it("refuses a made-up token", async () => {
    const { user } = await createCustomer(testApp);

    const response = await reset({
      id: user.id,
      token: "made-up-token-made-up-token-made-up",
      password: newPassword,
      passwordRepeat: newPassword,
    });

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "token", title: messages.resetLinkInvalid },
    ]);
  });

  it("holds the new password to the password rules, without using the link up", async () => {
    const { details } = await createCustomer(testApp);
    const secret = await askForReset(details.email);

    const weak = await reset({ ...secret, password: "short1!", passwordRepeat: "short1!" });

    expect(weak.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(weak.json()).violations).toEqual([
      { propertyPath: "password", title: messages.passwordTooShort },
    ]);
    expect((await reset({ ...secret, password: newPassword, passwordRepeat: newPassword })).statusCode).toBe(
      200,
    );
  });
});

describe("GET /api/user", () => {
  it("answers the signed-in customer", async () => {
    const { user, token } = await createSignedInCustomer(testApp);

    const response = await callApi(testApp, token, "GET", "/api/user");

    expect(response.statusCode).toBe(200);
    expect(userResponseSchema.parse(response.json())).toEqual(user);
  });

  it("asks a visitor with an application token to sign in", async () => {
    const response = await callApi(testApp, applicationToken, "GET", "/api/user");

    expect(response.statusCode).toBe(403);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "Request", title: messages.signInToSeeAccount },
    ]);
  });
});

describe("POST /api/account/resend-confirmation", () => {
  function resend(email: string, address = uniqueAddress()) {
    return callApi(testApp, applicationToken, "POST", "/api/account/resend-confirmation", { email }, address);
  }

  it("sends a new link that confirms the address, and retires the old one", async () => {
    const { details } = await createCustomer(testApp);
    const first = await confirmLinkOf(details.email);

    const response = await resend(details.email);

    expect(response.statusCode).toBe(202);
    expect(messageResponseSchema.parse(response.json())).toEqual({ message: messages.confirmLinkResent });
    const links = (await messagesTo(details.email))
      .filter((message) => message.subject === "Please confirm your email address")
      .map((message) => linkIn(message.text, `${siteUrl}/account/confirm-email?`));
    expect(links).toHaveLength(2);
    expect((await callApi(testApp, applicationToken, "GET", apiUrlOfLink(first))).statusCode).toBe(400);
    expect((await callApi(testApp, applicationToken, "GET", apiUrlOfLink(links[1]!))).statusCode).toBe(200);
  });

  it("answers the same for a confirmed address and an unknown one, and sends nothing", async () => {
    const { details } = await createCustomer(testApp);
    await callApi(testApp, applicationToken, "GET", apiUrlOfLink(await confirmLinkOf(details.email)));
    const unknown = `nobody.${Date.now()}@example.com`;

    const confirmed = await resend(details.email);
    const nobody = await resend(unknown);

    expect(confirmed.statusCode).toBe(202);
    expect(nobody.statusCode).toBe(202);
    expect(confirmed.json()).toEqual(nobody.json());
    expect(await messagesTo(details.email)).toHaveLength(1);
    expect(await messagesTo(unknown)).toEqual([]);
  });

  it("sends at most one new link an hour however often it is asked", async () => {
    const { details } = await createCustomer(testApp);
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await resend(details.email)).statusCode).toBe(202);

    // The link sent at registration, and one new one.
    expect(await subjectsTo(details.email, "Please confirm your email address")).toHaveLength(2);
    await lastSent(details.email, "confirm-email-resend", 61);
    expect((await resend(details.email)).statusCode).toBe(202);
    expect(await subjectsTo(details.email, "Please confirm your email address")).toHaveLength(3);
  });

  it("refuses a fourth request for one address within the hour", async () => {
    const { details } = await createCustomer(testApp);
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await resend(details.email)).statusCode).toBe(202);

    const fourth = await resend(details.email);

    expect(fourth.statusCode).toBe(429);
    expect(violationsResponseSchema.parse(fourth.json()).violations).toEqual([
      { propertyPath: "Request", title: messages.tooManyConfirmRequests },
    ]);
  });
});

describe("POST /api/account/register from the journey (save and continue later)", () => {
  it("moves the visitor's plan to the new account", async () => {
    const guestToken = await testApp.requestApplicationToken();
    const planId = (
      await callApi(testApp, guestToken, "POST", "/api/guest/plan", { readings: { notes: "Abide with me" } })
    ).json<{ id: string }>().id;
    const details = registrationDetails();

    const response = await callApi(testApp, guestToken, "POST", "/api/account/register", {
      ...details,
      planId,
    });

    expect(response.statusCode, response.body).toBe(202);
    const customerToken = await signIn(testApp, details.email);
    const plan = await callApi(testApp, customerToken, "GET", `/api/plan/${planId}`);
    expect(plan.json<{ journey: { readings?: { notes: string } } }>().journey.readings?.notes).toBe(
      "Abide with me",
    );
  });

  it("answers 404 for another visitor's plan, and makes no account", async () => {
    const ownerToken = await testApp.requestApplicationToken();
    const otherToken = await testApp.requestApplicationToken();
    const planId = (await callApi(testApp, ownerToken, "POST", "/api/guest/plan", {})).json<{ id: string }>()
      .id;
    const details = registrationDetails();

    const response = await callApi(testApp, otherToken, "POST", "/api/account/register", {
      ...details,
      planId,
    });

    expect(response.statusCode).toBe(404);
    expect(await testApp.db.select().from(users).where(eq(users.email, details.email))).toEqual([]);
  });
});

describe("POST /api/plan/:id/customer-guest", () => {
  it("creates the account and moves the visitor's plans to it", async () => {
    const guestToken = await testApp.requestApplicationToken();
    const first = await callApi(testApp, guestToken, "POST", "/api/guest/plan", {
      readings: { notes: "Psalm 23" },
    });
    const second = await callApi(testApp, guestToken, "POST", "/api/guest/plan", {});
    const planId = first.json<{ id: string }>().id;
    const details = customerGuestDetails();

    const response = await callApi(
      testApp,
      guestToken,
      "POST",
      `/api/plan/${planId}/customer-guest`,
      details,
    );

    expect(response.statusCode).toBe(202);
    expect(registeredResponseSchema.parse(response.json())).toEqual({ message: messages.accountRegistered });
    const customerToken = await signIn(testApp, details.customer.email);
    const list = planListResponseSchema.parse(
      (await callApi(testApp, customerToken, "GET", "/api/plan")).json(),
    );
    expect(list.map((plan) => plan.id).sort()).toEqual([planId, second.json<{ id: string }>().id].sort());
    expect(list.find((plan) => plan.id === planId)?.journey.readings?.notes).toBe("Psalm 23");
    expect((await callApi(testApp, guestToken, "GET", `/api/plan/${planId}`)).statusCode).toBe(404);
    await onlyMessageTo(details.customer.email, "Please confirm your email address");
  });

  it("answers 404 for another visitor's plan, and creates no account", async () => {
    const ownerToken = await testApp.requestApplicationToken();
    const otherToken = await testApp.requestApplicationToken();
    const planId = (await callApi(testApp, ownerToken, "POST", "/api/guest/plan", {})).json<{ id: string }>()
      .id;
    const details = customerGuestDetails();

    const response = await callApi(
      testApp,
      otherToken,
      "POST",
      `/api/plan/${planId}/customer-guest`,
      details,
    );

    expect(response.statusCode).toBe(404);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "Request", title: "No such plan" },
    ]);
    expect(await testApp.db.select().from(users).where(eq(users.email, details.customer.email))).toEqual([]);
    const [plan] = await testApp.db.select().from(plans).where(eq(plans.id, planId));
    expect((await callApi(testApp, ownerToken, "GET", `/api/plan/${planId}`)).statusCode).toBe(200);
    expect(plan).toBeDefined();
  });

  it("answers an address that already has an account as a new one; the plan and its people wait for the owner to sign in", async () => {
    const { details: existing } = await createCustomer(testApp);
    const guestToken = await testApp.requestApplicationToken();
    const planId = (await callApi(testApp, guestToken, "POST", "/api/guest/plan", {})).json<{ id: string }>()
      .id;
    const details = customerGuestDetails({ email: existing.email });

    const response = await callApi(
      testApp,
      guestToken,
      "POST",
      `/api/plan/${planId}/customer-guest`,
      details,
    );

    expect(response.statusCode).toBe(202);
    expect(registeredResponseSchema.parse(response.json())).toEqual({ message: messages.accountRegistered });
    expect((await callApi(testApp, guestToken, "GET", `/api/plan/${planId}`)).statusCode).toBe(200);
    await onlyMessageTo(existing.email, "You already have an account with us");
    // The owner signs in from this browser: the plan, with the people they gave, is theirs.
    const ownerToken = await signIn(testApp, existing.email, existing.password, guestToken);
    const people = await callApi(testApp, ownerToken, "GET", `/api/plan/${planId}/customer`);
    expect(people.statusCode).toBe(200);
    expect(people.json<{ customer: { lastName: string } }>().customer.lastName).toBe(
      details.customer.lastName,
    );
  });

  it("holds the account to the same rules as registration", async () => {
    const guestToken = await testApp.requestApplicationToken();
    const planId = (await callApi(testApp, guestToken, "POST", "/api/guest/plan", {})).json<{ id: string }>()
      .id;

    const response = await callApi(
      testApp,
      guestToken,
      "POST",
      `/api/plan/${planId}/customer-guest`,
      customerGuestDetails({}, "Password1"),
    );

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "password", title: messages.passwordNeedsSpecial },
    ]);
    expect((await callApi(testApp, guestToken, "GET", `/api/plan/${planId}`)).statusCode).toBe(200);
  });
});

describe("emails", () => {
  it("each have a plain-text and an HTML part in the product's voice", async () => {
    // A name's own characters that HTML escapes (angle brackets are refused in names: issue 45 item 2).
    const { details } = await createCustomer(testApp, { firstName: "Zoë & Ann" });
    await forgotPassword(details.email);
    const [resetLink] = await resetLinksOf(details.email);
    const link = new URL(resetLink!);
    await callApi(testApp, applicationToken, "POST", "/api/account/reset-password", {
      id: link.searchParams.get("id"),
      token: link.searchParams.get("token"),
      password: "Brand-New-Lantern4",
      passwordRepeat: "Brand-New-Lantern4",
    });

    const sent = await messagesTo(details.email);

    expect(sent.map((message) => message.subject).sort()).toEqual([
      "Please confirm your email address",
      "Reset your password",
      "Your password has been changed",
    ]);
    for (const message of sent) {
      expectWellFormed(message);
      expect(message.text).toContain("Dear Zoë & Ann,");
      expect(message.html).toContain("Dear Zoë &amp; Ann,");
      expect(message.html).not.toContain("Zoë & Ann");
    }
    expect((await testApp.readOutbox()).every((message) => message.file.endsWith(".eml"))).toBe(true);
    for (const message of await testApp.readOutbox()) expectWellFormed(message);
  });
});
