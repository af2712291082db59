import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  signedInStaffSchema,
  staffAuditPageSchema,
  staffEnrolmentSchema,
  tokenErrorResponseSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { messages, staffMessages } from "@kindred/domain";
import { staffAuditEvents, staffMembers, staffTokens } from "../src/db/schema";
import { createFirstAdministrator } from "../src/modules/staff";
import { hashSecret } from "../src/modules/auth/secret-hash";
import { callApi, createSignedInCustomer, uniqueAddress } from "./support/customers";
import {
  authenticatorCode,
  createFirstTestAdministrator,
  createTestStaffMember,
  invitationTokenOf,
  requestStaffToken,
  signInStaff,
  staffPassword,
  type TestStaffMember,
} from "./support/staff";
import { attemptsAgeBy } from "./support/attempts";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Staff sign-in and who may call what (issue 24; docs/decisions/031-staff-back-office.md):
 * invitations, the authenticator's codes (each once, and only while current), the slowing after
 * five wrong tries, the idle time, signing out everywhere, staff and customer tokens kept apart,
 * and every staff route x every kind of caller, each call that succeeds written to the audit log.
 */

let testApp: TestApp;
let administrator: TestStaffMember;
let agent: TestStaffMember;
let finance: TestStaffMember;

beforeAll(async () => {
  testApp = await createTestApp();
  administrator = await createFirstTestAdministrator(testApp);
  agent = await createTestStaffMember(testApp, administrator, "agent");
  finance = await createTestStaffMember(testApp, administrator, "finance");
});
afterAll(() => testApp.close());

async function inviteByApi(role: "agent" | "finance" | "administrator", email: string) {
  const invited = await callApi(testApp, administrator.token, "POST", "/api/staff/members", {
    name: "Robin Reyes",
    email,
    role,
  });
  expect(invited.statusCode).toBe(201);
  const invitation = (await testApp.readOutbox()).filter((message) => message.to === email).at(-1);
  const link = invitation?.text.match(/https?:\/\/\S+\/staff\/invitation\?token=\S+/)?.[0];
  if (!link) throw new Error("No invitation email");
  return { invitation, token: invitationTokenOf(link) };
}

/**
 * Lets the member sign in again at once: as if their last code were minutes old (each code works
 * once, so a second sign-in would otherwise wait for the app's next one).
 */
async function forgetLastCode(member: TestStaffMember): Promise<void> {
  await testApp.db
    .update(staffMembers)
    .set({ totpLastStep: null })
    .where(eq(staffMembers.email, member.email));
}

async function signInStaffAgain(app: TestApp, member: TestStaffMember): Promise<string> {
  await forgetLastCode(member);
  return signInStaff(app, member.email, member.key, 0);
}

describe("the first administrator", () => {
  it("is made only while there is none, by an invitation link and never a password", async () => {
    await expect(
      createFirstAdministrator(
        testApp.db,
        { name: "Second Admin", email: "second@kindred.example" },
        {
          siteUrl: testApp.config.SITE_URL,
        },
      ),
    ).rejects.toThrow(/administrator already/);
    const [first] = await testApp.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, administrator.email));
    expect(first?.role).toBe("administrator");
    expect(first?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe("an invitation", () => {
  it("is emailed with a link that shows who it is for and the authenticator key, as text and a QR code", async () => {
    const { invitation, token } = await inviteByApi("agent", "robin.reyes@kindred.example");
    expect(invitation?.subject).toBe("Your invitation to the Kindred back office");
    expect(invitation?.text).toContain(
      "Ada Administrator has invited you to the Kindred Funeral Plans back office, as an agent.",
    );
    const opened = await callApi(testApp, null, "POST", "/api/staff/invitation/open", { token });
    expect(opened.statusCode).toBe(200);
    const enrolment = staffEnrolmentSchema.parse(opened.json());
    expect(enrolment).toMatchObject({
      name: "Robin Reyes",
      email: "robin.reyes@kindred.example",
      role: "agent",
    });
    expect(enrolment.authenticatorKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(enrolment.authenticatorUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(enrolment.qrCodeSvg).toMatch(/^<svg/);
    // Opened again (another device), it shows the same key: the app set up from the first still works.
    const again = staffEnrolmentSchema.parse(
      (await callApi(testApp, null, "POST", "/api/staff/invitation/open", { token })).json(),
    );
    expect(again.authenticatorKey).toBe(enrolment.authenticatorKey);
  });

  it("refuses a wrong code, a short or common password, and changes nothing; then is accepted once", async () => {
    const { token } = await inviteByApi("finance", "kit.okafor@kindred.example");
    const { authenticatorKey } = staffEnrolmentSchema.parse(
      (await callApi(testApp, null, "POST", "/api/staff/invitation/open", { token })).json(),
    );
    const accept = (body: Record<string, string>) =>
      callApi(testApp, null, "POST", "/api/staff/invitation/accept", { token, ...body });

    const wrongCode = await accept({ password: staffPassword, code: "000000" });
    expect(wrongCode.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(wrongCode.json()).violations).toEqual([
      { propertyPath: "code", title: staffMessages.authenticatorCodeWrong },
    ]);
    const short = await accept({ password: "short", code: "12 34" });
    expect(violationsResponseSchema.parse(short.json()).violations).toEqual([
      { propertyPath: "password", title: staffMessages.staffPasswordTooShort },
      { propertyPath: "code", title: staffMessages.authenticatorCodeFormat },
    ]);
    const common = await accept({ password: "password1234", code: authenticatorCode(authenticatorKey) });
    expect(violationsResponseSchema.parse(common.json()).violations).toEqual([
      { propertyPath: "password", title: messages.passwordTooCommon },
    ]);
    const [member] = await testApp.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, "kit.okafor@kindred.example"));
    expect(member?.passwordHash).toBeNull();
    expect(member?.activatedAt).toBeNull();

    expect(
      (await accept({ password: staffPassword, code: authenticatorCode(authenticatorKey) })).statusCode,
    ).toBe(204);
    const used = await callApi(testApp, null, "POST", "/api/staff/invitation/open", { token });
    expect(used.statusCode).toBe(404);
    expect(violationsResponseSchema.parse(used.json()).violations[0]?.title).toBe(
      staffMessages.staffInvitationInvalid,
    );
  });

  it("is refused when expired", async () => {
    const { token } = await inviteByApi("agent", "expired.invite@kindred.example");
    await testApp.db.execute(
      sql`update staff_invitations set expires_at = now() - interval '1 minute' where token_hash = ${hashSecret(token)}`,
    );
    expect((await callApi(testApp, null, "POST", "/api/staff/invitation/open", { token })).statusCode).toBe(
      404,
    );
  });

  it("cannot be sent twice to one address, and bad input gets field messages and invites nobody", async () => {
    const twice = await callApi(testApp, administrator.token, "POST", "/api/staff/members", {
      name: "Again",
      email: agent.email.toUpperCase(),
      role: "agent",
    });
    expect(twice.statusCode).toBe(409);
    expect(violationsResponseSchema.parse(twice.json()).violations).toEqual([
      { propertyPath: "email", title: staffMessages.staffMemberExists },
    ]);
    const before = await testApp.db.$count(staffMembers);
    const bad = await callApi(testApp, administrator.token, "POST", "/api/staff/members", {
      name: "",
      email: "not an address",
      role: "owner",
    });
    expect(bad.statusCode).toBe(400);
    expect(
      violationsResponseSchema.parse(bad.json()).violations.map((violation) => violation.propertyPath),
    ).toEqual(["name", "email", "role"]);
    expect(await testApp.db.$count(staffMembers)).toBe(before);
  });
});

describe("signing in", () => {
  it("needs the password and the code, and answers a STAFF token", async () => {
    const token = await signInStaffAgain(testApp, agent);
    const me = await callApi(testApp, token, "GET", "/api/staff/me");
    expect(me.statusCode).toBe(200);
    expect(signedInStaffSchema.parse(me.json())).toMatchObject({
      email: agent.email,
      role: "agent",
      permissions: expect.arrayContaining(["plans.read", "plans.note"]) as string[],
    });
    expect(signedInStaffSchema.parse(me.json()).permissions).not.toContain("money.refunds");
    // HTTP's scheme names are any case (RFC 7235).
    const lowercase = await testApp.app.inject({
      method: "GET",
      url: "/api/staff/me",
      headers: { authorization: `bearer ${token}` },
    });
    expect(lowercase.statusCode).toBe(200);
  });

  it("refuses a code used already, and one that is no longer current", async () => {
    const member = await createTestStaffMember(testApp, administrator, "agent");
    await forgetLastCode(member);
    const code = authenticatorCode(member.key);
    const first = await requestStaffToken(testApp, {
      username: member.email,
      password: staffPassword,
      otp: code,
    });
    expect(first.statusCode).toBe(200);
    const replayed = await requestStaffToken(testApp, {
      username: member.email,
      password: staffPassword,
      otp: code,
    });
    expect(replayed.statusCode).toBe(400);
    expect(tokenErrorResponseSchema.parse(replayed.json())).toEqual({
      error: "invalid_grant",
      error_description: staffMessages.staffSignInFailed,
    });
    const old = await requestStaffToken(testApp, {
      username: member.email,
      password: staffPassword,
      otp: authenticatorCode(member.key, -120),
    });
    expect(old.statusCode).toBe(400);
    const wrongPassword = await requestStaffToken(testApp, {
      username: member.email,
      password: "not the password at all",
      otp: authenticatorCode(member.key, 30),
    });
    expect(wrongPassword.statusCode).toBe(400);
  });

  it("slows a member after five wrong tries, never locks them: right password and code get in once the wait is over", async () => {
    const member = await createTestStaffMember(testApp, administrator, "agent");
    const address = uniqueAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await requestStaffToken(
        testApp,
        { username: member.email, password: staffPassword, otp: "000000" },
        address,
      );
      expect(wrong.statusCode).toBe(400);
    }
    await forgetLastCode(member);
    const slowed = await requestStaffToken(
      testApp,
      { username: member.email, password: staffPassword, otp: authenticatorCode(member.key) },
      address,
    );
    expect(slowed.statusCode).toBe(429);
    expect(tokenErrorResponseSchema.parse(slowed.json()).error_description).toBe(
      staffMessages.staffTooManyTries,
    );

    await attemptsAgeBy(testApp, 3);

    const afterTheWait = await requestStaffToken(
      testApp,
      { username: member.email, password: staffPassword, otp: authenticatorCode(member.key) },
      address,
    );
    expect(afterTheWait.statusCode).toBe(200);
  });

  it("answers an address that is no member's exactly as a member's, try after try: nothing says who is staff", async () => {
    const member = await createTestStaffMember(testApp, administrator, "agent");
    const stranger = `nobody-${uniqueAddress().replaceAll(".", "-")}@kindred.example`;
    const answersFor = async (email: string) => {
      const address = uniqueAddress();
      const answers: { status: number; body: string; retryAfter: unknown }[] = [];
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const answer = await requestStaffToken(
          testApp,
          { username: email, password: `not the password ${attempt}`, otp: "000000" },
          address,
        );
        answers.push({
          status: answer.statusCode,
          body: answer.body,
          retryAfter: answer.headers["retry-after"],
        });
      }
      return answers;
    };

    const forMember = await answersFor(member.email);
    const forStranger = await answersFor(stranger);

    expect(forStranger).toEqual(forMember);
    expect(forMember.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it("refuses a code used already without counting it as a guess, so a second tab cannot slow its own member", async () => {
    const member = await createTestStaffMember(testApp, administrator, "agent");
    await forgetLastCode(member);
    const code = authenticatorCode(member.key);
    const address = uniqueAddress();
    const signIn = (otp: string) =>
      requestStaffToken(testApp, { username: member.email, password: staffPassword, otp }, address);
    expect((await signIn(code)).statusCode).toBe(200);

    const replays: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) replays.push((await signIn(code)).statusCode);

    expect(replays).toEqual(Array.from({ length: 8 }, () => 400));
    expect((await signIn(authenticatorCode(member.key, 30))).statusCode).toBe(200);
  });

  it("never writes a password, code or token to the logs", async () => {
    await forgetLastCode(agent);
    const code = authenticatorCode(agent.key);
    const response = await requestStaffToken(testApp, {
      username: agent.email,
      password: staffPassword,
      otp: code,
    });
    const token = response.json<{ access_token: string }>().access_token;
    const logs = testApp.logs.join("\n");
    for (const secret of [staffPassword, code, token, administrator.token, agent.key.replace(/\s/g, "")]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe("a staff token", () => {
  it("stops working after 15 minutes unused", async () => {
    const member = await createTestStaffMember(testApp, administrator, "agent");
    expect((await callApi(testApp, member.token, "GET", "/api/staff/me")).statusCode).toBe(200);
    await testApp.db
      .update(staffTokens)
      .set({ lastUsedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(staffTokens.tokenHash, hashSecret(member.token)));
    expect((await callApi(testApp, member.token, "GET", "/api/staff/me")).statusCode).toBe(401);
  });

  it("stops working when the member signs out on its device, and only that one", async () => {
    const member = await createTestStaffMember(testApp, administrator, "agent");
    const second = await signInStaffAgain(testApp, member);
    expect((await callApi(testApp, member.token, "POST", "/api/staff/sign-out")).statusCode).toBe(204);
    expect((await callApi(testApp, member.token, "GET", "/api/staff/me")).statusCode).toBe(401);
    expect((await callApi(testApp, second, "GET", "/api/staff/me")).statusCode).toBe(200);
  });

  it("stops working on every device when the member signs out everywhere", async () => {
    const member = await createTestStaffMember(testApp, administrator, "agent");
    const second = await signInStaffAgain(testApp, member);
    expect((await callApi(testApp, second, "POST", "/api/staff/sign-out-everywhere")).statusCode).toBe(204);
    expect((await callApi(testApp, member.token, "GET", "/api/staff/me")).statusCode).toBe(401);
    expect((await callApi(testApp, second, "GET", "/api/staff/me")).statusCode).toBe(401);
  });

  it("never acts as a customer, and a customer's token never reaches a staff call", async () => {
    const customer = await createSignedInCustomer(testApp);
    expect((await callApi(testApp, customer.token, "GET", "/api/staff/me")).statusCode).toBe(401);
    expect((await callApi(testApp, agent.token, "GET", "/api/user")).statusCode).toBe(401);
    expect((await callApi(testApp, agent.token, "POST", "/api/plan", {})).statusCode).toBe(401);
  });
});

/** A plan reference no plan has: each plan route answers an allowed member 404 or 400. */
const noPlan = "00000000-0000-4000-8000-000000000001";

/**
 * Every staff route and what it needs. A route added without a line here fails the first test, so
 * its callers are always checked; the permission is the one `@kindred/domain`'s table gives it.
 */
const staffRouteNeeds: Record<
  string,
  { method: "GET" | "POST" | "PUT"; url: string; may: "invitation" | "any" | "finance" | "administrator" }
> = {
  openStaffInvitation: { method: "POST", url: "/api/staff/invitation/open", may: "invitation" },
  acceptStaffInvitation: { method: "POST", url: "/api/staff/invitation/accept", may: "invitation" },
  getSignedInStaff: { method: "GET", url: "/api/staff/me", may: "any" },
  listStaffMembers: { method: "GET", url: "/api/staff/members", may: "administrator" },
  inviteStaffMember: { method: "POST", url: "/api/staff/members", may: "administrator" },
  disableStaffMember: {
    method: "POST",
    url: "/api/staff/members/00000000-0000-4000-8000-000000000000/disable",
    may: "administrator",
  },
  enableStaffMember: {
    method: "POST",
    url: "/api/staff/members/00000000-0000-4000-8000-000000000000/enable",
    may: "administrator",
  },
  inviteStaffMemberAgain: {
    method: "POST",
    url: "/api/staff/members/00000000-0000-4000-8000-000000000000/invitation",
    may: "administrator",
  },
  readStaffAuditLog: { method: "GET", url: "/api/staff/audit", may: "administrator" },
  searchPlansAsStaff: { method: "GET", url: "/api/staff/plans?q=price", may: "any" },
  staffRefundsQueue: { method: "GET", url: "/api/staff/queues/refunds", may: "finance" },
  sendStaffRefundAgain: {
    method: "POST",
    url: "/api/staff/refunds/00000000-0000-4000-8000-000000000000/send-again",
    may: "finance",
  },
  recordStaffRefundPaidByTransfer: {
    method: "POST",
    url: "/api/staff/refunds/00000000-0000-4000-8000-000000000000/paid-by-transfer",
    may: "finance",
  },
  staffMissedPaymentsQueue: { method: "GET", url: "/api/staff/queues/missed-payments", may: "finance" },
  staffDirectDebitsEndedQueue: {
    method: "GET",
    url: "/api/staff/queues/direct-debits-ended",
    may: "finance",
  },
  recordStaffArrearsOutcome: {
    method: "POST",
    url: "/api/staff/missed-payments/00000000-0000-4000-8000-000000000000/outcome",
    may: "finance",
  },
  staffAppointmentsQueue: { method: "GET", url: "/api/staff/queues/appointments", may: "any" },
  staffAtNeedCasesQueue: { method: "GET", url: "/api/staff/queues/at-need-cases", may: "any" },
  moveStaffAtNeedCase: {
    method: "POST",
    url: "/api/staff/at-need-cases/00000000-0000-4000-8000-000000000000/status",
    may: "any",
  },
  matchStaffAtNeedCase: {
    method: "POST",
    url: "/api/staff/at-need-cases/00000000-0000-4000-8000-000000000000/match",
    may: "any",
  },
  closeStaffAtNeedCase: {
    method: "POST",
    url: "/api/staff/at-need-cases/00000000-0000-4000-8000-000000000000/close",
    may: "any",
  },
  staffEnquiriesQueue: { method: "GET", url: "/api/staff/queues/enquiries", may: "any" },
  markStaffEnquiryFollowedUp: {
    method: "POST",
    url: "/api/staff/enquiries/00000000-0000-4000-8000-000000000000/followed-up",
    may: "any",
  },
  readPlanAsStaff: { method: "GET", url: `/api/staff/plans/${noPlan}`, may: "any" },
  showPlanCircumstancesAsStaff: {
    method: "POST",
    url: `/api/staff/plans/${noPlan}/circumstances/show`,
    may: "any",
  },
  addPlanNoteAsStaff: { method: "POST", url: `/api/staff/plans/${noPlan}/notes`, may: "any" },
  changePlanContactDetailsAsStaff: {
    method: "PUT",
    url: `/api/staff/plans/${noPlan}/contact-details`,
    may: "any",
  },
  resendPlanEmailAsStaff: { method: "POST", url: `/api/staff/plans/${noPlan}/resend`, may: "any" },
  readStaffCatalogue: { method: "GET", url: "/api/staff/catalogue", may: "administrator" },
  changeCatalogueOptionPrice: {
    method: "POST",
    url: "/api/staff/catalogue/options/2147483647/price-changes",
    may: "administrator",
  },
  changeBranchDetails: {
    method: "POST",
    url: "/api/staff/branches/2147483647/changes",
    may: "administrator",
  },
  readCatalogueChanges: { method: "GET", url: "/api/staff/catalogue/changes", may: "administrator" },
  // Each ends the token it is called with.
  signOutStaff: { method: "POST", url: "/api/staff/sign-out", may: "any" },
  signOutStaffEverywhere: { method: "POST", url: "/api/staff/sign-out-everywhere", may: "any" },
};

describe("who may call each staff route", () => {
  it("knows every staff route the API publishes", () => {
    const document = testApp.app.swagger() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const published = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/staff/"))
      .flatMap(([, operations]) => Object.values(operations).map((operation) => operation.operationId));
    expect(published.sort()).toEqual(Object.keys(staffRouteNeeds).sort());
  });

  it("answers anonymous callers, visitors and customers 401, and staff by their role, with no leak", async () => {
    const guest = await testApp.requestApplicationToken();
    const customer = (await createSignedInCustomer(testApp)).token;
    // Members of their own: signing out everywhere (the last route) ends their tokens.
    const members = [
      await createTestStaffMember(testApp, administrator, "agent"),
      await createTestStaffMember(testApp, administrator, "finance"),
      await createTestStaffMember(testApp, administrator, "administrator"),
    ];
    const secrets = [
      administrator.email,
      agent.email,
      finance.email,
      ...members.map((member) => member.email),
    ];
    const failures: string[] = [];
    for (const [operationId, route] of Object.entries(staffRouteNeeds)) {
      const callers: { who: string; token: string | null; allowed: boolean; refusedAs: number }[] = [
        { who: "anonymous", token: null, allowed: route.may === "invitation", refusedAs: 401 },
        { who: "guest", token: guest, allowed: route.may === "invitation", refusedAs: 401 },
        { who: "customer", token: customer, allowed: route.may === "invitation", refusedAs: 401 },
        ...members.map((member) => ({
          who: member.role,
          token: member.token,
          allowed:
            route.may === "administrator"
              ? member.role === "administrator"
              : route.may !== "finance" || member.role !== "agent",
          refusedAs: 403,
        })),
      ];
      // Signing out ends the token it is called with: each member signs in afresh after it.
      const endsSession = operationId === "signOutStaff" || operationId === "signOutStaffEverywhere";
      for (const { who, token, allowed, refusedAs } of callers) {
        const response = await callApi(
          testApp,
          token,
          route.method,
          route.url,
          route.method === "GET" ? undefined : {},
        );
        const ok = allowed ? ![401, 403].includes(response.statusCode) : response.statusCode === refusedAs;
        if (!ok) failures.push(`${operationId} by ${who}: ${response.statusCode}`);
        if (!allowed && secrets.some((secret) => response.body.includes(secret))) {
          failures.push(`${operationId} by ${who} showed a member's address`);
        }
      }
      if (endsSession) {
        for (const member of members) member.token = await signInStaffAgain(testApp, member);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("the audit log", () => {
  it("records each look and action of staff, with who and from where, and only administrators read it", async () => {
    const count = async () => testApp.db.$count(staffAuditEvents);
    const before = await count();
    await callApi(testApp, agent.token, "GET", "/api/staff/me");
    expect(await count()).toBe(before + 1);
    await callApi(testApp, administrator.token, "GET", "/api/staff/members");
    expect(await count()).toBe(before + 2);

    const page = staffAuditPageSchema.parse(
      (
        await callApi(testApp, administrator.token, "GET", "/api/staff/audit?limit=3&ownAccountReads=shown")
      ).json(),
    );
    expect(page.events.map((event) => event.action)).toEqual([
      "staff.audit-read",
      "staff.members-listed",
      "staff.own-account-read",
    ]);
    expect(page.events[2]).toMatchObject({ staffMemberName: agent.name, fromAddress: "127.0.0.1" });
    expect(page.nextBefore).toBe(page.events[2]?.id);
    expect((await callApi(testApp, agent.token, "GET", "/api/staff/audit")).statusCode).toBe(403);
  });

  // The audit log is kept by a trigger (migration 0017).
  it("cannot be changed or emptied, even by the database's own user", { tags: ["engine"] }, async () => {
    await expect(testApp.db.execute(sql`update staff_audit_events set action = 'nothing'`)).rejects.toThrow();
    await expect(testApp.db.execute(sql`delete from staff_audit_events`)).rejects.toThrow();
  });
});
