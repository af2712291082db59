import * as messages from "./messages";
import * as staffMessages from "./staff-messages";

/**
 * The staff back office's roles and what each may do (issue 24; docs/decisions/031-staff-back-office.md).
 * The API checks a route's permission against the signed-in member's role on every call; this
 * table is the one place that says who may do what.
 */
export const staffRoles = ["agent", "finance", "administrator"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** How each role is named to people. */
export const staffRoleNames: Record<StaffRole, string> = {
  agent: "Agent",
  finance: "Finance",
  administrator: "Administrator",
};

const everyRole: readonly StaffRole[] = staffRoles;
const financeAndUp: readonly StaffRole[] = ["finance", "administrator"];
const administratorsOnly: readonly StaffRole[] = ["administrator"];

/**
 * Each thing a member of staff may do, and the roles that may do it. Agents answer calls (find and
 * read plans, add notes, change contact details for the customer, resend documents and emails);
 * finance also handles money (refunds, collections, missed payments); administrators also manage
 * staff accounts, the catalogue and its prices, and branches, and read the audit log.
 */
export const staffPermissions = {
  /** Their own account: who they are, signing out everywhere. */
  "own-account": everyRole,
  "plans.search": everyRole,
  "plans.read": everyRole,
  "plans.note": everyRole,
  "plans.contact-details": everyRole,
  "plans.resend": everyRole,
  /** Moving a funeral on after a death (requested, arranged, provided), with a note at each step. */
  "at-need.manage": everyRole,
  "money.refunds": financeAndUp,
  "money.collections": financeAndUp,
  "money.missed-payments": financeAndUp,
  "staff.manage": administratorsOnly,
  "catalogue.change": administratorsOnly,
  "branches.change": administratorsOnly,
  "audit.read": administratorsOnly,
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof staffPermissions;

/** True when a member with `role` may do what `permission` names. */
export function staffMay(role: StaffRole, permission: StaffPermission): boolean {
  return (staffPermissions[permission] as readonly StaffRole[]).includes(role);
}

/**
 * A member of staff's password: longer than a customer's (they can read everyone's plans), and a
 * passphrase is welcome. Answers the problems in the person's words; none when it will do.
 */
const staffPasswordLength = { minimum: 12, maximum: 128 } as const;

export function staffPasswordProblems(password: string): string[] {
  if (password === "") return [messages.required];
  if (password.length < staffPasswordLength.minimum) return [staffMessages.staffPasswordTooShort];
  if (password.length > staffPasswordLength.maximum) return [staffMessages.staffPasswordTooLong];
  return [];
}

/** A code from an authenticator app: six digits (spaces typed between them are let go). */
export function authenticatorCodeProblems(code: string): string[] {
  if (code.trim() === "") return [messages.required];
  return /^\d{6}$/.test(code.replace(/\s/g, "")) ? [] : [staffMessages.authenticatorCodeFormat];
}
