import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  branchChangeBodySchema,
  catalogueChangeSchema,
  catalogueChangesPageSchema,
  optionPriceChangeBodySchema,
  recordIdQuerySchema,
  staffCatalogueSchema,
  staffQueueQuerySchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/database";
import { bearerRouteErrors, bodyErrors } from "../../plugins/route-responses";
import {
  catalogueChangesPage,
  changeBranch,
  changeOptionPrice,
  staffCatalogue,
  type ChangeAuthor,
} from "../catalogue";
import { recordStaffAction } from "./audit-log";
import { staffMemberOf } from "./staff-guard";

const staffSecurity = [{ bearerAuth: [] }];
const refused = { 403: violationsResponseSchema.describe("The member's role does not allow this") };
/** A body, date or page that will not do: field messages, and nothing written. */
const changeErrors = {
  400: violationsResponseSchema.describe("A field that will not do, with its message; nothing is changed"),
  422: violationsResponseSchema.describe(
    "A date before today or more than 2 years ahead; nothing is changed",
  ),
  ...refused,
  ...bearerRouteErrors,
  ...bodyErrors,
};

/** The member making a change, whose audit entry `action` is written in the change's transaction. */
const authorOf = (request: FastifyRequest, action: string): ChangeAuthor => ({
  staffMemberId: staffMemberOf(request).id,
  record: (transaction, detail) => recordStaffAction(transaction, request.staffAudit, { action, detail }),
});

/**
 * Catalogue and branch changes with dates (issue 24 item 6; docs/decisions/032-catalogue-changes.md),
 * registered inside `staffRoutes`, behind its guard: administrators only.
 */
export const staffCatalogueRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/catalogue",
    {
      config: { staff: { may: "catalogue.change" } },
      schema: {
        tags: ["staff"],
        operationId: "readStaffCatalogue",
        summary:
          "Every option with its price now and every branch with its details now, each with the changes still to come (administrators)",
        security: staffSecurity,
        response: { 200: staffCatalogueSchema, ...refused, ...bearerRouteErrors },
      },
    },
    async (request) => {
      await recordStaffAction(db, request.staffAudit, { action: "catalogue.read" });
      return staffCatalogue(db);
    },
  );

  app.post(
    "/catalogue/options/:optionId/price-changes",
    {
      config: { staff: { may: "catalogue.change" } },
      schema: {
        tags: ["staff"],
        operationId: "changeCatalogueOptionPrice",
        summary:
          "Change an option's price from a UK day on (today: at once), with why; plans already paid for keep their price (administrators)",
        security: staffSecurity,
        params: z.object({ optionId: recordIdQuerySchema }),
        body: optionPriceChangeBodySchema,
        response: {
          201: catalogueChangeSchema,
          404: violationsResponseSchema.describe("No option with this reference"),
          ...changeErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await changeOptionPrice(
            db,
            authorOf(request, "catalogue.price-change-made"),
            request.params.optionId,
            request.body,
          ),
        ),
  );

  app.post(
    "/branches/:branchId/changes",
    {
      config: { staff: { may: "branches.change" } },
      schema: {
        tags: ["staff"],
        operationId: "changeBranchDetails",
        summary:
          "Change some of a branch's details from a UK day on (today: at once), or close or open it, with why (administrators)",
        security: staffSecurity,
        params: z.object({ branchId: recordIdQuerySchema }),
        body: branchChangeBodySchema,
        response: {
          201: catalogueChangeSchema,
          404: violationsResponseSchema.describe("No branch with this reference"),
          ...changeErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await changeBranch(
            db,
            authorOf(request, "branch.change-made"),
            request.params.branchId,
            request.body,
          ),
        ),
  );

  app.get(
    "/catalogue/changes",
    {
      config: { staff: { may: "catalogue.change" } },
      schema: {
        tags: ["staff"],
        operationId: "readCatalogueChanges",
        summary:
          "Every catalogue and branch change kept, the newest made first, 20 a page, with who made it (administrators)",
        security: staffSecurity,
        querystring: staffQueueQuerySchema,
        response: {
          200: catalogueChangesPageSchema,
          400: violationsResponseSchema,
          ...refused,
          ...bearerRouteErrors,
        },
      },
    },
    async (request) => {
      await recordStaffAction(db, request.staffAudit, {
        action: "catalogue.changes-read",
        detail: { page: request.query.page },
      });
      return catalogueChangesPage(db, request.query.page);
    },
  );
};
