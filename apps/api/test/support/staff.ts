import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { staffEnrolmentSchema, staffSignInGrantType, tokenResponseSchema } from "@kindred/contracts";
import type { StaffRole } from "@kindred/domain";
import { and, eq } from "drizzle-orm";
import { staffAuditEvents, staffMembers } from "../../src/db/schema";
import { createFirstAdministrator } from "../../src/modules/staff";
import { callApi, requestToken } from "./customers";
import type { TestApp } from "./test-app";

/**
 * Members of staff for tests (docs/decisions/031-staff-back-office.md): invited, set up with an
 * authenticator, and signed in, through the API as a person would, with the codes their app would
 * show.
 */

export const staffPassword = "a quiet harbour at dawn";

/** The code an authenticator app with `key` shows `offsetSeconds` from now. */
export function authenticatorCode(key: string, offsetSeconds = 0): string {
  const totp = new TOTP({
    secret: Secret.fromBase32(key.replace(/\s/g, "")),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}

/** The secret of an invitation link. */
export function invitationTokenOf(link: string): string {
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

/** `POST /token` with the staff sign-in grant. */
export function requestStaffToken(
  testApp: TestApp,
  fields: { username: string; password: string; otp: string; scope?: string },
  remoteAddress?: string,
) {
  return requestToken(
    testApp,
    { grant_type: staffSignInGrantType, scope: "STAFF", ...fields },
    remoteAddress,
  );
}

export interface TestStaffMember {
  email: string;
  name: string;
  role: StaffRole;
  /** The authenticator key, as the invitation showed it. */
  key: string;
  token: string;
}

/** Opens an invitation and accepts it with the code the app shows now; answers the key. */
async function acceptInvitation(testApp: TestApp, invitationToken: string): Promise<string> {
  const opened = await callApi(testApp, null, "POST", "/api/staff/invitation/open", {
    token: invitationToken,
  });
  if (opened.statusCode !== 200) throw new Error(`Opening the invitation failed: ${opened.body}`);
  const { authenticatorKey } = staffEnrolmentSchema.parse(opened.json());
  const accepted = await callApi(testApp, null, "POST", "/api/staff/invitation/accept", {
    token: invitationToken,
    password: staffPassword,
    code: authenticatorCode(authenticatorKey),
  });
  if (accepted.statusCode !== 204) throw new Error(`Accepting the invitation failed: ${accepted.body}`);
  return authenticatorKey;
}

/**
 * Signs in with the code of the step after the last one used: each code works once, and the one
 * shown now was used to set up (or to sign in last).
 */
export async function signInStaff(testApp: TestApp, email: string, key: string, offsetSeconds = 30) {
  const response = await requestStaffToken(testApp, {
    username: email,
    password: staffPassword,
    otp: authenticatorCode(key, offsetSeconds),
  });
  if (response.statusCode !== 200) throw new Error(`Staff sign-in failed: ${response.body}`);
  return tokenResponseSchema.parse(response.json()).access_token;
}

/** The first administrator, made as `npm run staff:create-admin` makes them, set up and signed in. */
export async function createFirstTestAdministrator(testApp: TestApp): Promise<TestStaffMember> {
  const email = `admin-${randomBytes(4).toString("hex")}@kindred.example`;
  const name = "Ada Administrator";
  const link = await createFirstAdministrator(
    testApp.db,
    { name, email },
    { siteUrl: testApp.config.SITE_URL },
  );
  const key = await acceptInvitation(testApp, invitationTokenOf(link));
  return { email, name, role: "administrator", key, token: await signInStaff(testApp, email, key) };
}

/** A member invited by `administrator` (through the API and the emailed link), set up and signed in. */
export async function createTestStaffMember(
  testApp: TestApp,
  administrator: TestStaffMember,
  role: StaffRole,
): Promise<TestStaffMember> {
  const email = `${role}-${randomBytes(4).toString("hex")}@kindred.example`;
  const name = `Sam ${role[0]?.toUpperCase()}${role.slice(1)}`;
  const invited = await callApi(testApp, administrator.token, "POST", "/api/staff/members", {
    name,
    email,
    role,
  });
  if (invited.statusCode !== 201) throw new Error(`Inviting failed: ${invited.body}`);
  const invitation = (await testApp.readOutbox()).filter((message) => message.to === email).at(-1);
  const link = invitation?.text.match(/https?:\/\/\S+\/staff\/invitation\?token=\S+/)?.[0];
  if (!link) throw new Error("No invitation email");
  const key = await acceptInvitation(testApp, invitationTokenOf(link));
  return { email, name, role, key, token: await signInStaff(testApp, email, key) };
}

/** The audit log's entries of `action` by `member`: their plan and detail. */
export function auditEntriesBy(testApp: TestApp, member: TestStaffMember, action: string) {
  return testApp.db
    .select({
      planId: staffAuditEvents.planId,
      detail: staffAuditEvents.detail,
    })
    .from(staffAuditEvents)
    .innerJoin(staffMembers, eq(staffMembers.id, staffAuditEvents.staffMemberId))
    .where(and(eq(staffAuditEvents.action, action), eq(staffMembers.email, member.email)));
}
