import {
  authenticatorCodeProblems,
  emailProblems,
  messages,
  normalisePlanReference,
  nameProblems,
  staffMessages,
  staffPasswordProblems,
  staffRoles,
} from "@kindred/domain";
import { z } from "zod";
import { ruled } from "./ruled";

/**
 * The staff back office (issue 24; docs/decisions/031-staff-back-office.md): members of staff,
 * their invitations and their audit log. Staff sign in at `POST /token` with the grant
 * `staffSignInGrantType`, `scope=STAFF`, `username`, `password` and `otp`.
 */

/** The OAuth grant by which a member of staff signs in (an extension grant, RFC 6749 section 4.5). */
export const staffSignInGrantType = "urn:kindred:params:oauth:grant-type:staff-sign-in";

const staffRoleSchema = z.enum(staffRoles, { error: messages.required });
const authenticatorCode = ruled(authenticatorCodeProblems).transform((code) => code.replace(/\s/g, ""));

/**
 * The staff sign-in form: the fields sent to `POST /token` with `staffSignInGrantType` (the
 * back office checks them before sending; the API's grant checks them again).
 */
export const staffSignInFormSchema = z.object({
  username: ruled(emailProblems),
  password: ruled((password) => (password === "" ? [messages.required] : [])),
  otp: authenticatorCode,
});
export type StaffSignInForm = z.infer<typeof staffSignInFormSchema>;

/** `POST /api/staff/members`: an administrator invites someone, with their role. */
export const inviteStaffMemberBodySchema = z.object({
  name: ruled(nameProblems).transform((name) => name.trim()),
  email: ruled(emailProblems),
  role: staffRoleSchema,
});
export type InviteStaffMemberBody = z.infer<typeof inviteStaffMemberBodySchema>;

/** The secret of an emailed invitation link. */
const invitationTokenSchema = z.string({ error: staffMessages.staffInvitationInvalid }).min(20).max(200);

/** `POST /api/staff/invitation/open`: the link's secret, to show who it is for and set up the app. */
export const openStaffInvitationBodySchema = z.object({ token: invitationTokenSchema });

/** What an open invitation shows: who it is for, and the authenticator key (as text and a QR code). */
export const staffEnrolmentSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  /** The key, in groups of four, for typing into an app by hand. */
  authenticatorKey: z.string(),
  /** The `otpauth://` address the QR code holds. */
  authenticatorUri: z.string(),
  /** The QR code, as SVG markup made on the server. */
  qrCodeSvg: z.string(),
});

/** `POST /api/staff/invitation/accept`: a password, and a code that proves the app is set up. */
export const acceptStaffInvitationBodySchema = z.object({
  token: invitationTokenSchema,
  password: ruled(staffPasswordProblems),
  code: authenticatorCode,
});
export type AcceptStaffInvitationBody = z.infer<typeof acceptStaffInvitationBodySchema>;

/** A member of staff as the back office lists them. */
export const staffMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: z.enum(["invited", "active", "disabled"]),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** `GET /api/staff/me`: who is signed in, and what their role lets them do. */
export const signedInStaffSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  permissions: z.array(z.string()),
});

/**
 * One line of the audit log: who did or saw what, when, from where. A refusal is `request.refused`
 * (its detail: the operation, the status, the permission, the reason); a refused or locked sign-in
 * (`staff.sign-in-refused`, `staff.locked`, `staff.sign-in-locked`) is by nobody, as whoever typed
 * the address is not known, and names the account tried (`detail.attemptedAccount`) apart.
 */
const staffAuditEventSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  staffMemberId: z.uuid().nullable(),
  staffMemberName: z.string().nullable(),
  action: z.string(),
  planId: z.uuid().nullable(),
  /** The plan's short reference (decision 045), which staff read and search by. */
  planReference: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  fromAddress: z.string().nullable(),
  /** The name of the account a refused sign-in tried, when it is one. */
  attemptedAccountName: z.string().nullable(),
});

/**
 * What the audit log hides unless asked (issue 50 item 13): a member opening the back office reads
 * their own account, on every page, and was two entries in five.
 */
export const ownAccountReadAction = "staff.own-account-read";

/**
 * `GET /api/staff/audit`: newest first, a page at a time (`before` is the last id seen), filtered
 * (issue 50 item 13) by who (a member's id), what (an action code, such as `plan.read`), the plan
 * (its short reference, typed in any case, with or without its dashes) and when (the UK days
 * `from` and `to`, both included). A member opening the back office is left out unless
 * `ownAccountReads` is `shown`.
 */
export const staffAuditQuerySchema = z
  .object({
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    who: z.uuid({ error: staffMessages.auditWhoInvalid }).optional(),
    action: z
      .string({ error: staffMessages.auditActionInvalid })
      .max(100, { error: staffMessages.auditActionInvalid })
      .regex(/^[a-z][a-z-]*(?:\.[a-z][a-z-]*)+$/, { error: staffMessages.auditActionInvalid })
      .optional(),
    plan: z
      .string({ error: staffMessages.auditPlanInvalid })
      .refine((typed) => normalisePlanReference(typed) !== null, { error: staffMessages.auditPlanInvalid })
      .optional(),
    from: z.iso.date({ error: staffMessages.auditDayInvalid }).optional(),
    to: z.iso.date({ error: staffMessages.auditDayInvalid }).optional(),
    ownAccountReads: z
      .enum(["hidden", "shown"], { error: staffMessages.auditOwnAccountReadsInvalid })
      .default("hidden"),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    error: staffMessages.auditToBeforeFrom,
  });
export type StaffAuditQuery = z.infer<typeof staffAuditQuerySchema>;
export const staffAuditPageSchema = z.object({
  events: z.array(staffAuditEventSchema),
  nextBefore: z.number().int().nullable(),
});

/**
 * `GET /api/staff/plans`: find plans by a short plan reference (typed in any case, with or without
 * its dashes), or by part of a name, email, phone or postcode.
 */
export const staffPlanSearchQuerySchema = z.object({
  q: z.string({ error: staffMessages.searchTooShort }).max(100),
  /** The page after this one (the `next` of the page before). */
  after: z.string().max(200).optional(),
});

export const staffPlanSearchResponseSchema = z.object({
  results: z.array(
    z.object({
      planId: z.uuid(),
      /** The short reference the customer reads out (decision 045). */
      planReference: z.string(),
      customerName: z.string().nullable(),
      coveredPersonName: z.string().nullable(),
      postcode: z.string().nullable(),
      status: z.enum(["unfinished", "bought", "cancelled", "funeral_requested"]),
      boughtOn: z.iso.datetime({ offset: true }).nullable(),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
  next: z.string().nullable(),
});
