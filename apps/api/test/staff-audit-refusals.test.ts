import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffAuditPageSchema } from "@kindred/contracts";
import { callApi } from "./support/customers";
import {
  authenticatorCode,
  createFirstTestAdministrator,
  createTestStaffMember,
  requestStaffToken,
  staffPassword,
  type TestStaffMember,
} from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The audit log records refusals as well as what was done (issue 45 item 6; decision 031): a staff
 * route's 403 and 409, by the member who tried, with the operation and the reason but nothing they
 * typed; and refused or locked sign-ins, by nobody, naming the account tried apart, so a stranger is
 * never listed under the name of the account they tried.
 */

let testApp: TestApp;
let administrator: TestStaffMember;
let agent: TestStaffMember;

beforeAll(async () => {
  testApp = await createTestApp();
  administrator = await createFirstTestAdministrator(testApp);
  agent = await createTestStaffMember(testApp, administrator, "agent");
});
afterAll(() => testApp.close());

/** The log's newest entries before the administrator's own reading of it, newest first. */
async function latestEntries(count: number) {
  const response = await callApi(testApp, administrator.token, "GET", `/api/staff/audit?limit=${count + 1}`);
  expect(response.statusCode).toBe(200);
  return staffAuditPageSchema.parse(response.json()).events.slice(1);
}

describe("a refused staff request", () => {
  it("is recorded as the member's when their role does not allow it (403), with what they tried and none of what they typed", async () => {
    const response = await callApi(testApp, agent.token, "POST", "/api/staff/members", {
      name: "Morgan Mallory",
      email: "morgan.mallory@elsewhere.example",
      role: "administrator",
    });
    expect(response.statusCode).toBe(403);

    const [refusal] = await latestEntries(1);
    expect(refusal).toMatchObject({
      staffMemberName: agent.name,
      action: "request.refused",
      planId: null,
      fromAddress: "127.0.0.1",
      detail: {
        operation: "inviteStaffMember",
        status: 403,
        permission: "staff.manage",
        reason: "staffPermissionNeeded",
      },
    });
    expect(JSON.stringify(refusal)).not.toMatch(/Mallory|elsewhere\.example/);
  });

  it("is recorded when the action is refused (409), and nothing of the refused change is", async () => {
    const response = await callApi(testApp, administrator.token, "POST", "/api/staff/members", {
      name: "Another Agent",
      email: agent.email,
      role: "agent",
    });
    expect(response.statusCode).toBe(409);

    const [refusal, before] = await latestEntries(2);
    expect(refusal).toMatchObject({
      staffMemberName: administrator.name,
      action: "request.refused",
      detail: { operation: "inviteStaffMember", status: 409, reason: "staffMemberExists", field: "email" },
    });
    expect(before?.action).not.toBe("staff.invited");
    expect(JSON.stringify(refusal)).not.toContain(agent.email);
  });
});

describe("a refused sign-in", () => {
  const stranger = "198.51.100.23";

  it("is by nobody, whoever typed the address, and names the account tried apart", async () => {
    const wrong = await requestStaffToken(
      testApp,
      { username: agent.email, password: "not the password at all", otp: authenticatorCode(agent.key) },
      stranger,
    );
    expect(wrong.statusCode).toBe(400);
    const unknown = await requestStaffToken(
      testApp,
      { username: "nobody-here@kindred.example", password: staffPassword, otp: "123456" },
      stranger,
    );
    expect(unknown.statusCode).toBe(400);

    const [unknownEntry, wrongEntry] = await latestEntries(2);
    expect(wrongEntry).toMatchObject({
      staffMemberId: null,
      staffMemberName: null,
      action: "staff.sign-in-refused",
      attemptedAccountName: agent.name,
      fromAddress: stranger,
    });
    expect(unknownEntry).toMatchObject({
      staffMemberId: null,
      staffMemberName: null,
      action: "staff.sign-in-refused",
      attemptedAccountName: null,
      detail: { knownEmail: false },
    });
    const written = JSON.stringify([wrongEntry, unknownEntry]);
    for (const typed of ["not the password at all", staffPassword, "nobody-here", agent.email]) {
      expect(written).not.toContain(typed);
    }
  });

  it("slowed after too many tries is by nobody too, naming the account tried", async () => {
    const member = await createTestStaffMember(testApp, administrator, "agent");
    const wrong = () =>
      requestStaffToken(
        testApp,
        { username: member.email, password: "Not-the-password-1", otp: authenticatorCode(member.key, 30) },
        stranger,
      );
    let answer = await wrong();
    for (let tries = 1; tries < 10 && answer.statusCode !== 429; tries++) answer = await wrong();
    expect(answer.statusCode).toBe(429);

    const [entry] = await latestEntries(1);
    expect(entry).toMatchObject({
      staffMemberId: null,
      staffMemberName: null,
      action: "staff.sign-in-slowed",
      attemptedAccountName: member.name,
      fromAddress: stranger,
    });
  });
});
