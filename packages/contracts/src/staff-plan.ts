import { messages, staffMessages, vulnerabilityKinds, type VulnerabilityKind } from "@kindred/domain";
import { z } from "zod";
import { planPaymentsSchema } from "./payments";
import { planResponseSchema } from "./plan";

/**
 * A plan as staff read it and act on it (issue 24 item 4; docs/decisions/031-staff-back-office.md):
 * `GET /api/staff/plans/{planId}` and the actions beside it. The customer's answers about their
 * circumstances are never in the page: only whether there are any and whether the customer agreed
 * to share them; `POST …/circumstances/show` answers them, as an action of its own.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** A person of the plan as stored (without the customer's circumstances), or null before they are. */
const staffPlanPersonSchema = z.looseObject({ firstName: z.string(), lastName: z.string() }).nullable();

/** The plan's four people, as `PUT …/contact-details` also answers them. */
export const staffPlanPeopleSchema = z.object({
  customer: staffPlanPersonSchema,
  coveredPerson: staffPlanPersonSchema,
  nominee: staffPlanPersonSchema,
  payer: staffPlanPersonSchema,
  /** The version of the people: the `If-Match` of a change to the customer's contact details. */
  updatedAt: isoDateTime.nullable(),
});
export type StaffPlanPeople = z.infer<typeof staffPlanPeopleSchema>;

/** One line of the plan's timeline: a note by a member of staff, or something that happened. */
const staffPlanTimelineEntrySchema = z.object({
  at: isoDateTime,
  kind: z.enum([
    "note",
    "plan-started",
    "documents-accepted",
    "payment-made",
    "direct-debit-set-up",
    "bought",
    "cancelled",
    "arrears-statement-sent",
    "arrears-outcome",
    "plan-statement-sent",
    "account-email-sent",
    "death-told",
    "funeral-step",
    "email-sent-again",
    "contact-details-changed",
  ]),
  /** What happened, in a few words (an email's kind, a funeral step, a document's reference). */
  what: z.string(),
  /**
   * Who: the member of staff who wrote a note, moved a funeral on, recorded a missed-payments
   * outcome, sent an email again or changed contact details; null for the customer or the system.
   */
  by: z.string().nullable(),
  /** A note's text, or the note written with a funeral step or a missed-payments outcome. */
  text: z.string().nullable(),
});

export const staffPlanPageSchema = z.object({
  planId: z.uuid(),
  createdAt: isoDateTime,
  /** The plan's choices and guaranteed price, as the plans module prices it for its customer. */
  plan: planResponseSchema,
  /**
   * Where the plan and its money stand, its payments, Direct Debit (the account's last four
   * digits only), collections, arrears and refunds, and the appointed branch: the payments
   * module's own answer, as the customer's account shows it.
   */
  payments: planPaymentsSchema,
  people: staffPlanPeopleSchema,
  /** Whether the customer told us of their circumstances, and when they agreed to share them. */
  circumstances: z.object({ told: z.boolean(), sharedAt: isoDateTime.nullable() }),
  documentsAccepted: z.array(
    z.object({ docReference: z.string(), version: z.string(), acceptedAt: isoDateTime }),
  ),
  referral: z.object({
    /** The code made for this plan once bought, to give to friends. */
    code: z.string().nullable(),
    /** A friend's code applied to this plan. */
    applied: z.object({ code: z.string(), appliedAt: isoDateTime }).nullable(),
  }),
  /**
   * The emails the database records having sent: the account's (confirm email address, reset
   * password: the last of each kind), anniversary statements and arrears statements. `notRecorded`
   * says which are not kept (the bodies of every email, and the plan's own emails' times).
   */
  emailsSent: z.object({
    account: z.array(z.object({ kind: z.string(), sentAt: isoDateTime })),
    planStatements: z.array(z.object({ anniversaryOn: z.iso.date(), queuedAt: isoDateTime })),
    arrearsStatements: z.array(
      z.object({
        sentAt: isoDateTime,
        missedCount: z.number().int(),
        owed: z.number().int(),
        catchUpBy: z.iso.date(),
      }),
    ),
    notRecorded: z.string(),
  }),
  /** The at-need case once we were told of a death: where it stands, with each of its events. */
  atNeedCase: z
    .object({
      id: z.uuid(),
      status: z.string(),
      toldUsAt: isoDateTime,
      dateOfDeath: z.iso.date(),
      events: z.array(
        z.object({ kind: z.string(), by: z.string(), note: z.string().nullable(), at: isoDateTime }),
      ),
    })
    .nullable(),
  /** Notes and events, newest first. */
  timeline: z.array(staffPlanTimelineEntrySchema),
});
export type StaffPlanPage = z.infer<typeof staffPlanPageSchema>;
export type StaffPlanTimelineEntry = z.infer<typeof staffPlanTimelineEntrySchema>;

/** `POST /api/staff/plans/{planId}/circumstances/show`: the customer's answers, shared with consent. */
export const staffPlanCircumstancesSchema = z.object({
  /** Each of SPEC.md's questions answered yes or no, and the customer's own words. */
  vulnerabilities: z.object({
    ...(Object.fromEntries(vulnerabilityKinds.map((kind) => [kind, z.boolean()])) as Record<
      VulnerabilityKind,
      z.ZodBoolean
    >),
    notes: z.string(),
  }),
  sharedAt: isoDateTime,
});

/** `POST /api/staff/plans/{planId}/notes`: what was said or done, up to 2,000 characters. */
export const staffPlanNoteBodySchema = z.object({
  text: z
    .string({ error: staffMessages.staffNoteNeeded })
    .trim()
    .min(1, staffMessages.staffNoteNeeded)
    .max(2000, staffMessages.staffNoteTooLong),
});

/** The emails staff may send again: each written afresh from what is stored, as the first was. */
const resendableEmails = ["plan-confirmation", "direct-debit-notice"] as const;

/** `POST /api/staff/plans/{planId}/resend`. */
export const staffPlanResendBodySchema = z.object({
  what: z.enum(resendableEmails, { error: messages.required }),
});
export type StaffPlanResendBody = z.infer<typeof staffPlanResendBodySchema>;
