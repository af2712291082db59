import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  acceptStaffInvitationBodySchema,
  inviteStaffMemberBodySchema,
  openStaffInvitationBodySchema,
  signedInStaffSchema,
  staffAuditPageSchema,
  staffAuditQuerySchema,
  staffEnrolmentSchema,
  staffMemberSchema,
  staffPlanSearchQuerySchema,
  staffPlanSearchResponseSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import type { AtNeedForStaff } from "../at-need";
import { bearerRouteErrors, bodyErrors, databaseRouteErrors } from "../../plugins/route-responses";
import { auditLogPage, recordStaffAction } from "./audit-log";
import { staffCatalogueRoutes } from "./catalogue-routes";
import { staffPlanRoutes, type StaffPlanRouteOptions } from "./plan-routes";
import { searchPlans } from "./plan-search";
import { staffQueueRoutes } from "./queue-routes";
import { bearerTokenOf, guardStaffRoutes, staffMemberOf } from "./staff-guard";
import type { StaffService } from "./staff-service";

const staffSecurity = [{ bearerAuth: [] }];
const refused = { 403: violationsResponseSchema.describe("The member's role does not allow this") };

/**
 * The staff API, under `/api/staff` (docs/decisions/031-staff-back-office.md): its own guard,
 * never the customers' bearer check. Each route names its permission and writes the audit log.
 */
export const staffRoutes: FastifyPluginAsyncZod<
  {
    staff: StaffService;
    db: Database;
    jobQueue: JobQueue;
    atNeed: AtNeedForStaff;
  } & StaffPlanRouteOptions
> = async (app, { staff, db, jobQueue, atNeed, plans, state }) => {
  guardStaffRoutes(app, staff, db);
  await app.register(staffQueueRoutes, { db, jobQueue, atNeed });
  await app.register(staffPlanRoutes, { db, jobQueue, plans, state });
  await app.register(staffCatalogueRoutes, { db });

  app.post(
    "/invitation/open",
    {
      config: { staff: { may: "invitation" } },
      schema: {
        tags: ["staff"],
        operationId: "openStaffInvitation",
        summary: "Open an invitation: who it is for, and the authenticator key to set up",
        // The invitation link's secret is the credential: no token.
        security: [],
        body: openStaffInvitationBodySchema,
        response: {
          200: staffEnrolmentSchema,
          404: violationsResponseSchema,
          422: violationsResponseSchema,
          ...databaseRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request) => staff.openInvitation(request.body.token, request.staffAudit),
  );

  app.post(
    "/invitation/accept",
    {
      config: { staff: { may: "invitation" } },
      schema: {
        tags: ["staff"],
        operationId: "acceptStaffInvitation",
        summary: "Accept an invitation: a password, and a code from the authenticator app just set up",
        security: [],
        body: acceptStaffInvitationBodySchema,
        response: {
          204: z.null(),
          404: violationsResponseSchema,
          422: violationsResponseSchema,
          ...databaseRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => {
      await staff.acceptInvitation(request.body, request.staffAudit);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/me",
    {
      config: { staff: { may: "own-account" } },
      schema: {
        tags: ["staff"],
        operationId: "getSignedInStaff",
        summary: "Who is signed in, and what their role lets them do",
        security: staffSecurity,
        response: { 200: signedInStaffSchema, ...refused, ...bearerRouteErrors },
      },
    },
    async (request) => staff.me(staffMemberOf(request), request.staffAudit),
  );

  app.post(
    "/sign-out",
    {
      config: { staff: { may: "own-account" } },
      schema: {
        tags: ["staff"],
        operationId: "signOutStaff",
        summary: "Sign out on this device: the token used stops working",
        security: staffSecurity,
        response: { 204: z.null(), ...refused, ...bearerRouteErrors },
      },
    },
    async (request, reply) => {
      await staff.signOut(bearerTokenOf(request), request.staffAudit);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/sign-out-everywhere",
    {
      config: { staff: { may: "own-account" } },
      schema: {
        tags: ["staff"],
        operationId: "signOutStaffEverywhere",
        summary: "Sign the member out on every device",
        security: staffSecurity,
        response: { 204: z.null(), ...refused, ...bearerRouteErrors },
      },
    },
    async (request, reply) => {
      await staff.signOutEverywhere(staffMemberOf(request), request.staffAudit);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/members",
    {
      config: { staff: { may: "staff.manage" } },
      schema: {
        tags: ["staff"],
        operationId: "listStaffMembers",
        summary: "Every member of staff (administrators)",
        security: staffSecurity,
        response: {
          200: z.object({ members: z.array(staffMemberSchema) }),
          ...refused,
          ...bearerRouteErrors,
        },
      },
    },
    async (request) => ({ members: await staff.members(request.staffAudit) }),
  );

  app.post(
    "/members",
    {
      config: { staff: { may: "staff.manage" } },
      schema: {
        tags: ["staff"],
        operationId: "inviteStaffMember",
        summary: "Invite someone to the back office, with their role (administrators)",
        security: staffSecurity,
        body: inviteStaffMemberBodySchema,
        response: {
          201: z.object({ id: z.uuid() }),
          409: violationsResponseSchema,
          422: violationsResponseSchema,
          ...refused,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await staff.invite(staffMemberOf(request), request.body, request.staffAudit)),
  );

  const memberAction = (
    action: "disable" | "enable" | "invitation",
    operationId: string,
    summary: string,
    run: (staffMemberId: string, request: Parameters<typeof staffMemberOf>[0]) => Promise<void>,
  ) =>
    app.post(
      `/members/:staffMemberId/${action}`,
      {
        config: { staff: { may: "staff.manage" } },
        schema: {
          tags: ["staff"],
          operationId,
          summary,
          security: staffSecurity,
          params: z.object({ staffMemberId: z.uuid() }),
          response: {
            204: z.null(),
            404: violationsResponseSchema,
            409: violationsResponseSchema,
            ...refused,
            ...bearerRouteErrors,
          },
        },
      },
      async (request, reply) => {
        await run(request.params.staffMemberId, request);
        return reply.code(204).send(null);
      },
    );
  memberAction(
    "disable",
    "disableStaffMember",
    "End a member's access at once, or withdraw their invitation (administrators)",
    (id, request) => staff.disable(staffMemberOf(request), id, request.staffAudit),
  );
  memberAction(
    "enable",
    "enableStaffMember",
    "Let a disabled member in again; one never set up is sent a new invitation (administrators)",
    (id, request) => staff.enable(staffMemberOf(request), id, request.staffAudit),
  );
  memberAction(
    "invitation",
    "inviteStaffMemberAgain",
    "Send a member who has not yet accepted their invitation a new link (administrators)",
    (id, request) => staff.inviteAgain(staffMemberOf(request), id, request.staffAudit),
  );

  app.get(
    "/audit",
    {
      config: { staff: { may: "audit.read" } },
      schema: {
        tags: ["staff"],
        operationId: "readStaffAuditLog",
        summary: "The audit log, newest first (administrators)",
        security: staffSecurity,
        querystring: staffAuditQuerySchema,
        response: { 200: staffAuditPageSchema, ...refused, ...bearerRouteErrors },
      },
    },
    async (request) => {
      // Reading the log is itself recorded, before the page is read, so it shows in it.
      // The filters are kept with the look: ids, codes, a plan reference and days, never personal data.
      const { before: _before, limit: _limit, ...filters } = request.query;
      await recordStaffAction(db, request.staffAudit, { action: "staff.audit-read", detail: filters });
      return auditLogPage(db, request.query);
    },
  );

  app.get(
    "/plans",
    {
      config: { staff: { may: "plans.search" } },
      schema: {
        tags: ["staff"],
        operationId: "searchPlansAsStaff",
        summary: "Find plans by part of a reference, name, email address, phone number or postcode",
        security: staffSecurity,
        querystring: staffPlanSearchQuerySchema,
        response: {
          200: staffPlanSearchResponseSchema,
          422: violationsResponseSchema,
          ...refused,
          ...bearerRouteErrors,
        },
      },
    },
    async (request) =>
      searchPlans(db, request.staffAudit, { query: request.query.q, after: request.query.after }),
  );
};
