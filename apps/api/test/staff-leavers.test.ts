import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffMemberSchema, violationsResponseSchema } from "@kindred/contracts";
import { staffMessages } from "@kindred/domain";
import { staffAuditEvents, staffMembers } from "../src/db/schema";
import { atOnce } from "./support/at-once";
import { callApi } from "./support/customers";
import {
  authenticatorCode,
  createFirstTestAdministrator,
  createTestStaffMember,
  invitationTokenOf,
  requestStaffToken,
  staffPassword,
  type TestStaffMember,
} from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Who may use the back office, as administrators change it (issue 50 item 12): a leaver's access
 * ends at once, an invitation not yet accepted is withdrawn or sent again, and someone who comes
 * back is let in again; never an administrator's own account or the last administrator.
 */

let testApp: TestApp;
let administrator: TestStaffMember;

beforeAll(async () => {
  testApp = await createTestApp();
  administrator = await createFirstTestAdministrator(testApp);
});
afterAll(() => testApp.close());

const memberUrl = (id: string, action: string) => `/api/staff/members/${id}/${action}`;
const act = (member: TestStaffMember, id: string, action: "disable" | "enable" | "invitation") =>
  callApi(testApp, member.token, "POST", memberUrl(id, action));

async function listed(email: string, asWho: TestStaffMember = administrator) {
  const response = await callApi(testApp, asWho.token, "GET", "/api/staff/members");
  const members = (response.json() as { members: unknown[] }).members.map((row) =>
    staffMemberSchema.parse(row),
  );
  const member = members.find((row) => row.email === email);
  if (!member) throw new Error(`${email} is not listed`);
  return member;
}

async function recorded(action: string, staffMemberId: string) {
  const rows = await testApp.db
    .select({ detail: staffAuditEvents.detail })
    .from(staffAuditEvents)
    .where(eq(staffAuditEvents.action, action));
  return rows.filter((row) => row.detail.staffMemberId === staffMemberId).length;
}

/** The invitation links emailed to `email`, oldest first. */
async function invitationTokens(email: string) {
  return (await testApp.readOutbox())
    .filter((message) => message.to === email)
    .map((message) => message.text.match(/https?:\/\/\S+\/staff\/invitation\?token=\S+/)?.[0])
    .filter((link): link is string => link !== undefined)
    .map(invitationTokenOf);
}

const opens = async (token: string) =>
  (await callApi(testApp, null, "POST", "/api/staff/invitation/open", { token })).statusCode;

async function invite(email: string) {
  const invited = await callApi(testApp, administrator.token, "POST", "/api/staff/members", {
    name: "Robin Reyes",
    email,
    role: "agent",
  });
  expect(invited.statusCode, invited.body).toBe(201);
  return (invited.json() as { id: string }).id;
}

/** Signs in with the code the app shows now, as if the member's last code were minutes old. */
async function signInNow(member: TestStaffMember) {
  await testApp.db
    .update(staffMembers)
    .set({ totpLastStep: null })
    .where(eq(staffMembers.email, member.email));
  return requestStaffToken(testApp, {
    username: member.email,
    password: staffPassword,
    otp: authenticatorCode(member.key),
  });
}

function violation(response: { json(): unknown }) {
  return violationsResponseSchema.parse(response.json()).violations[0]?.title;
}

describe("a member of staff who leaves", () => {
  // Engine: two presses at once take turns on a transaction lock.
  it(
    "loses access at once: their token stops working and they cannot sign in; a double click records it once",
    { tags: ["engine"] },
    async () => {
      const leaver = await createTestStaffMember(testApp, administrator, "finance");
      const { id } = await listed(leaver.email);
      expect((await callApi(testApp, leaver.token, "GET", "/api/staff/me")).statusCode).toBe(200);

      const answers = await atOnce([act(administrator, id, "disable"), act(administrator, id, "disable")]);

      expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204]);
      expect((await callApi(testApp, leaver.token, "GET", "/api/staff/me")).statusCode).toBe(401);
      const signIn = await signInNow(leaver);
      expect(signIn.statusCode).toBe(400);
      expect((await listed(leaver.email)).status).toBe("disabled");
      expect(await recorded("staff.disabled", id)).toBe(1);
      expect(await recorded("staff.already-disabled", id)).toBe(1);
    },
  );

  it("is let in again if they come back, and signs in as before", async () => {
    const returner = await createTestStaffMember(testApp, administrator, "agent");
    const { id } = await listed(returner.email);
    expect((await act(administrator, id, "disable")).statusCode).toBe(204);

    expect((await act(administrator, id, "enable")).statusCode).toBe(204);

    expect((await listed(returner.email)).status).toBe("active");
    const signIn = await signInNow(returner);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(await recorded("staff.enabled", id)).toBe(1);
  });

  // Engine: two administrators disabling each other at once take turns on a transaction lock.
  it(
    "is never the administrator's own account, nor the last administrator who can sign in",
    { tags: ["engine"] },
    async () => {
      const self = await listed(administrator.email);
      const own = await act(administrator, self.id, "disable");
      expect(own.statusCode).toBe(409);
      expect(violation(own)).toBe(staffMessages.cannotDisableYourself);

      // Two administrators disabling each other at once: one goes, the other stays to manage staff.
      const second = await createTestStaffMember(testApp, administrator, "administrator");
      const secondId = (await listed(second.email)).id;
      const answers = await atOnce([
        act(administrator, secondId, "disable"),
        act(second, self.id, "disable"),
      ]);
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 204)).toHaveLength(1);
      const refusedAnswer = answers.find((answer) => answer.statusCode !== 204)!;
      // The refused one is the last administrator, or (disabled first) no longer allowed to act at all.
      expect([401, 409]).toContain(refusedAnswer.statusCode);
      if (refusedAnswer.statusCode === 409)
        expect(violation(refusedAnswer)).toBe(staffMessages.lastAdministrator);
      // Either may win the race; whoever did is still active and the other is disabled.
      const [stayed, left, leftId] =
        answers[0].statusCode === 204 ? [administrator, second, secondId] : [second, administrator, self.id];
      expect((await listed(stayed.email, stayed)).status).toBe("active");
      expect((await listed(left.email, stayed)).status).toBe("disabled");
      // Let back in; the tests after act as the one whose session the race left signed in.
      expect((await act(stayed, leftId, "enable")).statusCode).toBe(204);
      administrator = stayed;
    },
  );

  it("is refused to agents and finance, and answers 404 for nobody", async () => {
    const agent = await createTestStaffMember(testApp, administrator, "agent");
    const self = await listed(administrator.email);
    expect((await act(agent, self.id, "disable")).statusCode).toBe(403);
    const nobody = await act(administrator, "00000000-0000-4000-8000-000000000000", "disable");
    expect(nobody.statusCode).toBe(404);
    expect((await listed(administrator.email)).status).toBe("active");
  });
});

describe("an invitation not yet accepted", () => {
  it("is sent again with a new link, and the old link stops working; not twice within a minute", async () => {
    const email = "jo.invited-again@kindred.example";
    const id = await invite(email);
    const [first] = await invitationTokens(email);
    // Sent at once after the first: a double click's second press, say.
    const tooSoon = await act(administrator, id, "invitation");
    expect(tooSoon.statusCode).toBe(409);
    expect(violation(tooSoon)).toBe(staffMessages.invitedJustNow);
    // A minute on (the first invitation made earlier), it is sent.
    await testApp.db.execute(
      sql`update staff_invitations set created_at = created_at - interval '2 minutes' where staff_member_id = ${id}`,
    );

    expect((await act(administrator, id, "invitation")).statusCode).toBe(204);

    const tokens = await invitationTokens(email);
    expect(tokens).toHaveLength(2);
    expect(await opens(first!)).toBe(404);
    expect(await opens(tokens[1]!)).toBe(200);
    expect(await recorded("staff.invited-again", id)).toBe(1);
  });

  it("is withdrawn: its link stops working; let in again, they are sent a new one that works", async () => {
    const email = "sam.withdrawn@kindred.example";
    const id = await invite(email);
    const [first] = await invitationTokens(email);

    expect((await act(administrator, id, "disable")).statusCode).toBe(204);

    expect(await opens(first!)).toBe(404);
    expect((await listed(email)).status).toBe("disabled");
    expect(await recorded("staff.invitation-withdrawn", id)).toBe(1);
    const whileDisabled = await act(administrator, id, "invitation");
    expect(whileDisabled.statusCode).toBe(409);
    expect(violation(whileDisabled)).toBe(staffMessages.invitationOfDisabledMember);

    expect((await act(administrator, id, "enable")).statusCode).toBe(204);
    const tokens = await invitationTokens(email);
    expect(tokens).toHaveLength(2);
    expect(await opens(tokens[1]!)).toBe(200);
    expect((await listed(email)).status).toBe("invited");
  });

  it("is not sent again once accepted", async () => {
    const member = await createTestStaffMember(testApp, administrator, "agent");
    const { id } = await listed(member.email);
    const answer = await act(administrator, id, "invitation");
    expect(answer.statusCode).toBe(409);
    expect(violation(answer)).toBe(staffMessages.invitationAlreadyAccepted);
    const rows = await testApp.db
      .select()
      .from(staffAuditEvents)
      .where(and(eq(staffAuditEvents.action, "staff.invited-again")));
    expect(rows.filter((row) => row.detail.staffMemberId === id)).toHaveLength(0);
  });
});
