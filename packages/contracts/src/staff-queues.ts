import {
  arrearsOutcomeKinds,
  atNeedCaseStatuses,
  atNeedNoteProblems,
  atNeedQueueStages,
  closeReasonProblems,
  type AtNeedQueueStage,
  deathConfirmations,
  funeralStatuses,
  messages,
  readPlanReference,
  staffMessages,
} from "@kindred/domain";
import { z } from "zod";
import { ruled } from "./ruled";

/**
 * The staff work queues (issue 24 item 5; docs/decisions/031-staff-back-office.md): each a page
 * of what needs doing, soonest deadline first, each item with its plan reference, the names staff
 * need, its deadline and how the deadline is worked out, in words.
 */

/** How many items a page of a queue holds. */
export const staffQueuePageSize = 20;

/** `?page=`: which page of a queue, from 1. */
export const staffQueueQuerySchema = z.object({
  page: z.coerce
    .number({ error: staffMessages.staffQueuePageInvalid })
    .int({ error: staffMessages.staffQueuePageInvalid })
    .min(1, { error: staffMessages.staffQueuePageInvalid })
    .max(10_000, { error: staffMessages.staffQueuePageInvalid })
    .default(1),
});

/**
 * `?page=&stage=&olderThanDays=`: a page of the at-need queue (issue 50 item 8), of the cases at
 * one stage (every case still to act on, unless said), and told to us at least so many days ago.
 */
export const staffAtNeedQueueQuerySchema = staffQueueQuerySchema.extend({
  stage: z.enum(atNeedQueueStages, { error: staffMessages.staffQueueFilterInvalid }).default("open"),
  olderThanDays: z.coerce
    .number({ error: staffMessages.staffQueueFilterInvalid })
    .int({ error: staffMessages.staffQueueFilterInvalid })
    .min(0, { error: staffMessages.staffQueueFilterInvalid })
    .max(3_650, { error: staffMessages.staffQueueFilterInvalid })
    .default(0),
});
export type StaffAtNeedQueueQuery = z.infer<typeof staffAtNeedQueueQuerySchema>;

const dateTime = z.iso.datetime({ offset: true });
/** A deadline: when it is, and how it is worked out, as staff read it. */
const deadline = { deadline: z.string(), deadlineRule: z.string() };

function queuePage<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), page: z.number().int(), nextPage: z.number().int().nullable() });
}

/**
 * Where a refund stands: owed and waiting for its call to the provider, sent (the provider has
 * it; its confirmation is awaited), failed and being tried again, given up (no call in hand: staff
 * may send it again), or refunded (the provider confirmed it).
 */
const staffRefundStatuses = [
  "owed",
  "sent_to_provider",
  "failed_retrying",
  "given_up",
  /** The provider could not give the money back (issue 46 item 3): send it again, or repay by transfer. */
  "failed_at_provider",
  "refunded",
  /** Not ours to give back: the customer's bank gave the money back to them (issue 46 item 5). */
  "withdrawn_by_bank",
  /** Refunded, and then given back by the customer's bank as well: finance recovers it (issue 46 item 5). */
  "repaid_twice",
] as const;

export const staffRefundSchema = z.object({
  refundId: z.uuid(),
  planId: z.uuid(),
  /** The plan's short reference, as the customer reads it out (decision 045). */
  planReference: z.string(),
  customerName: z.string().nullable(),
  amountPence: z.number().int(),
  /** A card payment given back, or a Direct Debit collection. */
  of: z.enum(["card_payment", "collection"]),
  owedSince: dateTime,
  ...deadline,
  status: z.enum(staffRefundStatuses),
  /** How many times the provider was asked and failed, for the call in hand. */
  failedAttempts: z.number().int(),
  /** True when staff may send it to the provider again (`given_up`, or `failed_at_provider` as a new attempt). */
  maySendAgain: z.boolean(),
  /** Why the provider could not give it back, in its words (`failed_at_provider` only). */
  failureReason: z.string().nullable(),
  /** True when finance may record it repaid by bank transfer (`failed_at_provider`). */
  mayRecordTransfer: z.boolean(),
  /** The bank transfer it was repaid by, once recorded. */
  transferReference: z.string().nullable(),
  refundedAt: dateTime.nullable(),
});
export const staffRefundsPageSchema = queuePage(staffRefundSchema);
export type StaffRefundStatus = z.infer<typeof staffRefundSchema>["status"];

/** `POST /api/staff/refunds/{refundId}/paid-by-transfer`: a failed refund repaid by bank transfer. */
export const staffRefundTransferBodySchema = z.object({
  reference: z
    .string(staffMessages.transferReferenceNeeded)
    .trim()
    .min(1, staffMessages.transferReferenceNeeded)
    .max(64, staffMessages.transferReferenceTooLong),
});
export type StaffRefundTransferBody = z.infer<typeof staffRefundTransferBodySchema>;

const staffMissedPaymentSchema = z.object({
  /** The plan's latest arrears statement, whose outcome staff record. */
  statementId: z.uuid(),
  planId: z.uuid(),
  /** The plan's short reference, as the customer reads it out (decision 045). */
  planReference: z.string(),
  customerName: z.string().nullable(),
  missedPayments: z.number().int(),
  owedPence: z.number().int(),
  statementSentAt: dateTime,
  /** The day the arrears statement gave the customer to catch up by. */
  ...deadline,
});
export const staffMissedPaymentsPageSchema = queuePage(staffMissedPaymentSchema);

/**
 * A plan whose Direct Debit ended without our asking before it was paid (issue 46 item 1): the
 * customer was emailed the ways to carry on; finance calls them, by the deadline, to help.
 */
const staffDirectDebitEndedSchema = z.object({
  planId: z.uuid(),
  /** The plan's short reference, as the customer reads it out (decision 045). */
  planReference: z.string(),
  customerName: z.string().nullable(),
  /** The Direct Debit's reference, as the customer's bank knows it. */
  mandateReference: z.string(),
  /** Failed (refused or expired at the bank) or cancelled (the account closed, or the customer cancelled it). */
  ended: z.enum(["failed", "cancelled"]),
  endedAt: dateTime,
  /** Everything paid and kept towards the plan, in pence. */
  paidSoFarPence: z.number().int(),
  ...deadline,
});
export const staffDirectDebitsEndedPageSchema = queuePage(staffDirectDebitEndedSchema);

const staffAppointmentSchema = z.object({
  planId: z.uuid(),
  /** The plan's short reference, as the customer reads it out (decision 045). */
  planReference: z.string(),
  customerName: z.string().nullable(),
  coveredPersonName: z.string().nullable(),
  /** The branch the customer chose, if any, and whether it is open now. */
  chosenBranch: z.object({ id: z.number().int(), name: z.string(), open: z.boolean() }).nullable(),
  /**
   * Why staff must act: no branch was chosen, the chosen one had closed when the plan was bought,
   * or the appointed branch has closed since.
   */
  reason: z.enum(["no_branch_chosen", "branch_closed_when_bought", "branch_closed_since"]),
  boughtOn: z.iso.date(),
  ...deadline,
});
export const staffAppointmentsPageSchema = queuePage(staffAppointmentSchema);

const staffAtNeedCaseSchema = z.object({
  caseId: z.uuid(),
  planId: z.uuid().nullable(),
  /** The matched plan's short reference (decision 045); null while the report matches no plan. */
  planReference: z.string().nullable(),
  matched: z.boolean(),
  status: z.enum(atNeedCaseStatuses),
  /** Someone on the plan told us, from our email, that the report is not right. */
  saidNotRight: z.boolean(),
  personName: z.string(),
  /** What the person telling us typed to find the plan: the date of birth, and a plan reference or a postcode ("" if not). */
  dateOfBirth: z.iso.date(),
  dateOfDeath: z.iso.date(),
  postcode: z.string(),
  typedPlanReference: z.string(),
  /** Staff's reason, for a report closed as not one of our plans. */
  closedReason: z.string().nullable(),
  informantName: z.string(),
  informantPhone: z.string(),
  toldAt: dateTime,
  /** The last step's time. */
  lastChangeAt: dateTime,
  ...deadline,
});
export const staffAtNeedCasesPageSchema = queuePage(staffAtNeedCaseSchema).extend({
  /** How many cases each of the queue's filters holds, whatever their age. */
  stageCounts: z.object(
    Object.fromEntries(atNeedQueueStages.map((stage) => [stage, z.number().int()])) as Record<
      AtNeedQueueStage,
      z.ZodNumber
    >,
  ),
});

const staffEnquirySchema = z.object({
  enquiryId: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  postcode: z.string().nullable(),
  /** The ways the person agreed to hear from us (their marketing consent). */
  contactBy: z.array(z.enum(["email", "phone", "post"])),
  askedAt: dateTime,
  ...deadline,
});
export const staffEnquiriesPageSchema = queuePage(staffEnquirySchema);

/** `POST /api/staff/at-need-cases/{caseId}/status`: the next step, and a note of what was done. */
export const moveAtNeedCaseBodySchema = z.object({
  status: z.enum([...funeralStatuses, "withdrawn"], { error: messages.required }),
  /** How the death was confirmed: needed to request the funeral for a reported death. */
  confirmedBy: z.enum(deathConfirmations, { error: staffMessages.deathConfirmationNeeded }).optional(),
  note: ruled(atNeedNoteProblems).transform((note) => note.trim()),
});
export type MoveAtNeedCaseBody = z.infer<typeof moveAtNeedCaseBodySchema>;

/**
 * `POST /api/staff/at-need-cases/{caseId}/match`: a report that matched no plan, matched by staff
 * to the plan they found, with a note of how they know it is the one. It is then reported, not
 * confirmed (decision 040).
 */
export const matchAtNeedCaseBodySchema = z.object({
  /** The plan's reference (`KND-7Q4M-2HX9`, typed in any case or spacing), or its id (from the plan finder). */
  plan: z
    .string({ error: staffMessages.matchPlanReferenceNeeded })
    .trim()
    .refine((typed) => readPlanReference(typed) !== null, { error: staffMessages.matchPlanReferenceNeeded }),
  note: ruled(atNeedNoteProblems).transform((note) => note.trim()),
});
export type MatchAtNeedCaseBody = z.infer<typeof matchAtNeedCaseBodySchema>;

/** `POST /api/staff/at-need-cases/{caseId}/close`: a report that is not about one of our plans, and why. */
export const closeAtNeedCaseBodySchema = z.object({
  reason: ruled(closeReasonProblems).transform((reason) => reason.trim()),
});
export type CloseAtNeedCaseBody = z.infer<typeof closeAtNeedCaseBodySchema>;

/** A case after staff matched or closed it. */
export const atNeedCaseActionSchema = z.object({
  caseId: z.uuid(),
  planId: z.uuid().nullable(),
  /** The matched plan's short reference (`KND-7Q4M-2HX9`); null once closed. */
  planReference: z.string().nullable(),
  status: z.enum(atNeedCaseStatuses),
  eventId: z.uuid(),
  at: dateTime,
});
export type AtNeedCaseAction = z.infer<typeof atNeedCaseActionSchema>;

/**
 * `POST /api/staff/missed-payments/{statementId}/outcome`: how a missed-payments case ended, with a
 * note (required for a new arrangement: what was agreed).
 */
export const arrearsOutcomeBodySchema = z
  .object({
    outcome: z.enum(arrearsOutcomeKinds, { error: staffMessages.arrearsOutcomeNeeded }),
    note: z
      .string({ error: staffMessages.arrearsArrangementNoteNeeded })
      .trim()
      .max(2000, staffMessages.staffNoteTooLong)
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.outcome === "new_arrangement" && !body.note) {
      context.addIssue({
        code: "custom",
        path: ["note"],
        message: staffMessages.arrearsArrangementNoteNeeded,
      });
    }
  });
export type ArrearsOutcomeBody = z.infer<typeof arrearsOutcomeBodySchema>;

/** The outcome recorded, by whom and when, and the plan's state after it. */
export const arrearsOutcomeSchema = z.object({
  outcomeId: z.uuid(),
  statementId: z.uuid(),
  planId: z.uuid(),
  outcome: z.enum(arrearsOutcomeKinds),
  note: z.string().nullable(),
  recordedBy: z.string(),
  recordedAt: dateTime,
  /** True once the plan is cancelled (a cancellation with refund, whose refunds are owed and queued). */
  planCancelled: z.boolean(),
});

/** `POST /api/staff/enquiries/{enquiryId}/followed-up`: when and by whom, and whether it already was. */
export const enquiryFollowedUpSchema = z.object({
  enquiryId: z.uuid(),
  followedUpAt: dateTime,
  followedUpBy: z.string(),
  /** True when it had already been marked followed up: nothing was changed. */
  alreadyFollowedUp: z.boolean(),
});
