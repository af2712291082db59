import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { planReadyResponseSchema, planValidBodySchema, violationsResponseSchema } from "@kindred/contracts";
import { bearerRouteErrors, bodyErrors } from "../../plugins/route-responses";
import { tokenHolderOf } from "../auth";
import type { PurchaseReadiness } from "./readiness";

export const purchaseRoutes: FastifyPluginAsyncZod<{ readiness: PurchaseReadiness }> = async (
  app,
  { readiness },
) => {
  app.post(
    "/plan/valid",
    {
      schema: {
        tags: ["purchase"],
        operationId: "checkPlanReadiness",
        summary: "Whether one of the holder's plans can be paid for; otherwise what is missing",
        security: [{ bearerAuth: [] }],
        body: planValidBodySchema,
        response: {
          200: planReadyResponseSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          422: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request) => readiness.check(tokenHolderOf(request), request.body.planId),
  );
};
