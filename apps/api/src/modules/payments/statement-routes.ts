import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { planDocumentQuerySchema, planIdParamsSchema, violationsResponseSchema } from "@kindred/contracts";
import { bearerRouteErrors } from "../../plugins/route-responses";
import { tokenHolderOf } from "../auth";
import { documentAnswer, sendDocument } from "../documents";
import type { PlanStatements } from "./plan-statements";

/**
 * A plan's statement as a PDF, at any time (issue 23 item 5, issue 50 item 1;
 * docs/decisions/029-plan-statements.md and 043-plan-statement-on-one-side.md).
 */
export const planStatementRoutes: FastifyPluginAsyncZod<{ statements: PlanStatements }> = async (
  app,
  { statements },
) => {
  app.get(
    "/plan/:id/statement",
    {
      schema: {
        tags: ["payments"],
        operationId: "getPlanStatement",
        summary:
          "The statement of one of the token holder's plans as it stands today, on one side of A4 in FPCOB 9 Annex 3's order: its purpose and a prompt to review the plan, what is left to pay (monthly payment, total cost, paid to date, outstanding balance, payments left), what the plan provides and its funeral director, changes, cancelling, missed payments, what happens when the person covered dies, complaints and protection. The PDF (or with encode=base64, `{ fileName, contentType, file }`); large print as the plan documents choose it",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        querystring: planDocumentQuerySchema,
        response: {
          200: documentAnswer,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request, reply) =>
      sendDocument(
        reply,
        await statements.statementPdf(tokenHolderOf(request), request.params.id, request.query.print),
        request.query,
      ),
  );
};
