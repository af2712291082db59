import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  customerContactDetailsBodySchema,
  staffPlanCircumstancesSchema,
  staffPlanNoteBodySchema,
  staffPlanPageSchema,
  staffPlanPeopleSchema,
  staffPlanResendBodySchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { messages } from "@kindred/domain";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { bearerRouteErrors, bodyErrors } from "../../plugins/route-responses";
import type { PaymentState } from "../payments";
import type { PlansService } from "../plans";
import { changeContactDetailsForCustomer, peopleEntityTag, resendPlanEmail } from "./plan-actions";
import { addPlanNote } from "./plan-notes";
import { showCircumstances, staffPlanPage } from "./plan-view";
import { staffMemberOf } from "./staff-guard";

/** What the plan's routes need: the plans and payments modules' own answers, and the job queue. */
export interface StaffPlanRouteOptions {
  db: Database;
  plans: PlansService;
  state: PaymentState;
  jobQueue: JobQueue;
}

const staffSecurity = [{ bearerAuth: [] }];
const params = z.object({ planId: z.uuid(messages.notAPlanReference) });
const refused = { 403: violationsResponseSchema.describe("The member's role does not allow this") };
const notFound = { 404: violationsResponseSchema.describe("No plan with this reference") };

/**
 * A plan's page in the back office and what an agent does on it (issue 24 items 2 and 4;
 * docs/decisions/031-staff-back-office.md), registered inside `staffRoutes`, behind its guard.
 */
export const staffPlanRoutes: FastifyPluginAsyncZod<StaffPlanRouteOptions> = async (app, options) => {
  const { db, jobQueue } = options;

  app.get(
    "/plans/:planId",
    {
      config: { staff: { may: "plans.read" } },
      schema: {
        tags: ["staff"],
        operationId: "readPlanAsStaff",
        summary:
          "A plan's page: its state and money, choices and guaranteed price, people, documents, payments, emails, referral, branch, at-need case and timeline",
        security: staffSecurity,
        params,
        response: { 200: staffPlanPageSchema, ...notFound, ...refused, ...bearerRouteErrors },
      },
    },
    async (request) => staffPlanPage(options, request.staffAudit, request.params.planId),
  );

  app.post(
    "/plans/:planId/circumstances/show",
    {
      config: { staff: { may: "plans.read" } },
      schema: {
        tags: ["staff"],
        operationId: "showPlanCircumstancesAsStaff",
        summary:
          "The customer's answers about their circumstances, only if they agreed to share them (recorded)",
        security: staffSecurity,
        params,
        response: {
          200: staffPlanCircumstancesSchema,
          404: violationsResponseSchema.describe("No such plan, or nothing the customer agreed to share"),
          ...refused,
          ...bearerRouteErrors,
        },
      },
    },
    async (request) => showCircumstances(db, request.staffAudit, request.params.planId),
  );

  app.post(
    "/plans/:planId/notes",
    {
      config: { staff: { may: "plans.note" } },
      schema: {
        tags: ["staff"],
        operationId: "addPlanNoteAsStaff",
        summary: "Add a note to a plan (kept as written, with its author and time)",
        security: staffSecurity,
        params,
        body: staffPlanNoteBodySchema,
        response: {
          201: z.object({ id: z.uuid(), createdAt: z.iso.datetime({ offset: true }) }),
          400: violationsResponseSchema,
          ...notFound,
          ...refused,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await addPlanNote(db, request.staffAudit, {
          planId: request.params.planId,
          staffMemberId: staffMemberOf(request).id,
          text: request.body.text,
        }),
      ),
  );

  app.put(
    "/plans/:planId/contact-details",
    {
      config: { staff: { may: "plans.contact-details" } },
      schema: {
        tags: ["staff"],
        operationId: "changePlanContactDetailsAsStaff",
        summary:
          "Change the customer's phone number, address and preferred contact on their behalf, over the version seen (If-Match)",
        security: staffSecurity,
        params,
        body: customerContactDetailsBodySchema,
        response: {
          200: staffPlanPeopleSchema,
          400: violationsResponseSchema,
          ...notFound,
          409: violationsResponseSchema.describe("The plan is cancelled"),
          412: violationsResponseSchema.describe("The details changed since they were read"),
          428: violationsResponseSchema.describe("No If-Match: the version read is needed"),
          ...refused,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => {
      const people = await changeContactDetailsForCustomer(
        db,
        request.staffAudit,
        request.params.planId,
        request.body,
        request.headers["if-match"],
      );
      if (people.updatedAt) reply.header("etag", peopleEntityTag(people.updatedAt));
      return people;
    },
  );

  app.post(
    "/plans/:planId/resend",
    {
      config: { staff: { may: "plans.resend" } },
      schema: {
        tags: ["staff"],
        operationId: "resendPlanEmailAsStaff",
        summary: "Send the plan's confirmation or Direct Debit notice again, written afresh",
        security: staffSecurity,
        params,
        body: staffPlanResendBodySchema,
        response: {
          202: staffPlanResendBodySchema,
          400: violationsResponseSchema,
          ...notFound,
          409: violationsResponseSchema.describe("The plan is cancelled, or has no email of that kind"),
          ...refused,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await resendPlanEmail(db, jobQueue, request.staffAudit, request.params.planId, request.body)),
  );
};
