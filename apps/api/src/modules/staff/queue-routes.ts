import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  arrearsOutcomeBodySchema,
  arrearsOutcomeSchema,
  atNeedCaseActionSchema,
  closeAtNeedCaseBodySchema,
  enquiryFollowedUpSchema,
  matchAtNeedCaseBodySchema,
  moveAtNeedCaseBodySchema,
  staffAppointmentsPageSchema,
  staffAtNeedCasesPageSchema,
  staffAtNeedQueueQuerySchema,
  staffDirectDebitsEndedPageSchema,
  staffEnquiriesPageSchema,
  staffMissedPaymentsPageSchema,
  staffQueueQuerySchema,
  staffRefundSchema,
  staffRefundsPageSchema,
  staffRefundTransferBodySchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { funeralStatuses } from "@kindred/domain";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import type { AtNeedForStaff } from "../at-need";
import { bearerRouteErrors, bodyErrors } from "../../plugins/route-responses";
import { closeAtNeedCase, matchAtNeedCase } from "./at-need-actions";
import {
  appointmentsQueue,
  atNeedCasesQueue,
  directDebitsEndedQueue,
  enquiriesQueue,
  markEnquiryFollowedUp,
  missedPaymentsQueue,
  moveAtNeedCase,
  recordArrearsOutcome,
  recordRefundPaidByTransfer,
  refundsQueue,
  sendRefundAgain,
} from "./work-queues";

const staffSecurity = [{ bearerAuth: [] }];
const refused = { 403: violationsResponseSchema.describe("The member's role does not allow this") };
/** A page number, reference or body that is not valid: field messages, and nothing changed. */
const queueErrors = { 400: violationsResponseSchema, ...refused, ...bearerRouteErrors };

/**
 * The staff work queues and their actions (issue 24 item 5; docs/decisions/031-staff-back-office.md),
 * registered inside the staff plugin, so its guard checks each route's permission and audit record.
 */
export const staffQueueRoutes: FastifyPluginAsyncZod<{
  db: Database;
  jobQueue: JobQueue;
  atNeed: AtNeedForStaff;
}> = async (app, { db, jobQueue, atNeed }) => {
  app.get(
    "/queues/refunds",
    {
      config: { staff: { may: "money.refunds" } },
      schema: {
        tags: ["staff"],
        operationId: "staffRefundsQueue",
        summary: "Refunds due after a cancellation, soonest deadline first (finance)",
        security: staffSecurity,
        querystring: staffQueueQuerySchema,
        response: { 200: staffRefundsPageSchema, ...queueErrors },
      },
    },
    async (request) => refundsQueue(db, request.staffAudit, request.query.page),
  );

  app.post(
    "/refunds/:refundId/send-again",
    {
      config: { staff: { may: "money.refunds" } },
      schema: {
        tags: ["staff"],
        operationId: "sendStaffRefundAgain",
        summary:
          "Send a refund the provider's queued call gave up on to the provider again, once however often asked (finance)",
        security: staffSecurity,
        params: z.object({ refundId: z.uuid() }),
        response: {
          202: staffRefundSchema,
          404: violationsResponseSchema,
          409: violationsResponseSchema,
          ...queueErrors,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await sendRefundAgain(db, jobQueue, request.staffAudit, request.params.refundId)),
  );

  app.post(
    "/refunds/:refundId/paid-by-transfer",
    {
      config: { staff: { may: "money.refunds" } },
      schema: {
        tags: ["staff"],
        operationId: "recordStaffRefundPaidByTransfer",
        summary:
          "Record a refund that failed at the provider as repaid by bank transfer, with its reference (finance)",
        security: staffSecurity,
        params: z.object({ refundId: z.uuid() }),
        body: staffRefundTransferBodySchema,
        response: {
          200: staffRefundSchema,
          404: violationsResponseSchema,
          409: violationsResponseSchema,
          ...queueErrors,
        },
      },
    },
    async (request) =>
      recordRefundPaidByTransfer(
        db,
        jobQueue,
        request.staffAudit,
        request.params.refundId,
        request.body.reference,
      ),
  );

  app.get(
    "/queues/missed-payments",
    {
      config: { staff: { may: "money.missed-payments" } },
      schema: {
        tags: ["staff"],
        operationId: "staffMissedPaymentsQueue",
        summary:
          "Plans sent an arrears statement after two payments missed in a row, by the day to catch up (finance)",
        security: staffSecurity,
        querystring: staffQueueQuerySchema,
        response: { 200: staffMissedPaymentsPageSchema, ...queueErrors },
      },
    },
    async (request) => missedPaymentsQueue(db, request.staffAudit, request.query.page),
  );

  app.get(
    "/queues/direct-debits-ended",
    {
      config: { staff: { may: "money.missed-payments" } },
      schema: {
        tags: ["staff"],
        operationId: "staffDirectDebitsEndedQueue",
        summary:
          "Plans whose Direct Debit ended at the bank before they were paid, by the day to call the customer (finance)",
        security: staffSecurity,
        querystring: staffQueueQuerySchema,
        response: { 200: staffDirectDebitsEndedPageSchema, ...queueErrors },
      },
    },
    async (request) => directDebitsEndedQueue(db, request.staffAudit, request.query.page),
  );

  app.post(
    "/missed-payments/:statementId/outcome",
    {
      config: { staff: { may: "money.missed-payments" } },
      schema: {
        tags: ["staff"],
        operationId: "recordStaffArrearsOutcome",
        summary:
          "Record how a missed-payments case ended: settled, a new arrangement (what was agreed), or cancelled with everything paid refunded (finance)",
        security: staffSecurity,
        params: z.object({ statementId: z.uuid() }),
        body: arrearsOutcomeBodySchema,
        response: {
          201: arrearsOutcomeSchema,
          404: violationsResponseSchema,
          409: violationsResponseSchema,
          ...queueErrors,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await recordArrearsOutcome(
            db,
            jobQueue,
            request.staffAudit,
            request.params.statementId,
            request.body,
          ),
        ),
  );

  app.get(
    "/queues/appointments",
    {
      config: { staff: { may: "plans.read" } },
      schema: {
        tags: ["staff"],
        operationId: "staffAppointmentsQueue",
        summary: "Bought plans whose funeral director staff must choose, and branches closed since",
        security: staffSecurity,
        querystring: staffQueueQuerySchema,
        response: { 200: staffAppointmentsPageSchema, ...queueErrors },
      },
    },
    async (request) => appointmentsQueue(db, request.staffAudit, request.query.page),
  );

  app.get(
    "/queues/at-need-cases",
    {
      config: { staff: { may: "plans.read" } },
      schema: {
        tags: ["staff"],
        operationId: "staffAtNeedCasesQueue",
        summary:
          "Cases from telling us of a death whose funeral is not yet provided, oldest first: every one, or those at one stage (not matched, matched, waiting to be confirmed, confirmed, or closed as not ours), told at least so many days ago",
        security: staffSecurity,
        querystring: staffAtNeedQueueQuerySchema,
        response: { 200: staffAtNeedCasesPageSchema, ...queueErrors },
      },
    },
    async (request) => atNeedCasesQueue(db, request.staffAudit, request.query),
  );

  // A report that matched no plan: matched by staff to the plan they found, or closed as not ours.
  const unmatchedReportErrors = {
    404: violationsResponseSchema,
    409: violationsResponseSchema.describe(
      "The report was matched or closed already, or the plan cannot take it",
    ),
    ...queueErrors,
    ...bodyErrors,
  };
  app.post(
    "/at-need-cases/:caseId/match",
    {
      config: { staff: { may: "at-need.manage" } },
      schema: {
        tags: ["staff"],
        operationId: "matchStaffAtNeedCase",
        summary:
          "Match a report that matched no plan to the plan staff found, with a note: it is then reported, not confirmed, and everyone on the plan is told",
        security: staffSecurity,
        params: z.object({ caseId: z.uuid() }),
        body: matchAtNeedCaseBodySchema,
        response: { 200: atNeedCaseActionSchema, ...unmatchedReportErrors },
      },
    },
    async (request) => matchAtNeedCase(request.staffAudit, request.params.caseId, request.body, atNeed),
  );
  app.post(
    "/at-need-cases/:caseId/close",
    {
      config: { staff: { may: "at-need.manage" } },
      schema: {
        tags: ["staff"],
        operationId: "closeStaffAtNeedCase",
        summary: "Close a report that matched no plan as not one of ours, saying why",
        security: staffSecurity,
        params: z.object({ caseId: z.uuid() }),
        body: closeAtNeedCaseBodySchema,
        response: { 200: atNeedCaseActionSchema, ...unmatchedReportErrors },
      },
    },
    async (request) => closeAtNeedCase(request.staffAudit, request.params.caseId, request.body, atNeed),
  );

  app.post(
    "/at-need-cases/:caseId/status",
    {
      config: { staff: { may: "at-need.manage" } },
      schema: {
        tags: ["staff"],
        operationId: "moveStaffAtNeedCase",
        summary:
          "Move a case on one step, with a note of what was done: a reported death confirmed (the funeral requested) or withdrawn; a funeral arranged, then provided",
        security: staffSecurity,
        params: z.object({ caseId: z.uuid() }),
        body: moveAtNeedCaseBodySchema,
        response: {
          200: z.object({
            caseId: z.uuid(),
            status: z.enum([...funeralStatuses, "withdrawn"]),
            eventId: z.uuid(),
            at: z.iso.datetime({ offset: true }),
          }),
          404: violationsResponseSchema,
          409: violationsResponseSchema,
          ...queueErrors,
          ...bodyErrors,
        },
      },
    },
    async (request) => moveAtNeedCase(db, request.staffAudit, request.params.caseId, request.body, atNeed),
  );

  app.get(
    "/queues/enquiries",
    {
      config: { staff: { may: "plans.read" } },
      schema: {
        tags: ["staff"],
        operationId: "staffEnquiriesQueue",
        summary: "Free guide enquiries from people who agreed to hear from us, to follow up",
        security: staffSecurity,
        querystring: staffQueueQuerySchema,
        response: { 200: staffEnquiriesPageSchema, ...queueErrors },
      },
    },
    async (request) => enquiriesQueue(db, request.staffAudit, request.query.page),
  );

  app.post(
    "/enquiries/:enquiryId/followed-up",
    {
      config: { staff: { may: "plans.read" } },
      schema: {
        tags: ["staff"],
        operationId: "markStaffEnquiryFollowedUp",
        summary: "Mark a free guide enquiry followed up; asked again, it changes nothing and says so",
        security: staffSecurity,
        params: z.object({ enquiryId: z.uuid() }),
        response: { 200: enquiryFollowedUpSchema, 404: violationsResponseSchema, ...queueErrors },
      },
    },
    async (request) => markEnquiryFollowedUp(db, request.staffAudit, request.params.enquiryId),
  );
};
