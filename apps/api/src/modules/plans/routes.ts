import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createGuestPlanBodySchema,
  planIdParamsSchema,
  planListResponseSchema,
  planResponseSchema,
  savedPlanResponseSchema,
  savePlanBodySchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { requireCustomerToken, tokenHolderOf } from "../auth/require-bearer-token";
import type { PlansService } from "./service";

/** Plans of the token holder; every route reads or writes only plans the holder's user owns. */
export const planRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.post(
    "/guest/plan",
    {
      schema: {
        tags: ["plans"],
        summary: "Start a plan for the token's visitor, with or without journey answers",
        security: [{ bearerAuth: [] }],
        body: createGuestPlanBodySchema,
        response: { 201: planResponseSchema, 400: violationsResponseSchema, 422: violationsResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await plans.createPlan(tokenHolderOf(request).userId, request.body)),
  );

  app.post(
    "/plan",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["plans"],
        summary: "Save a new plan to the signed-in customer's account; the API prices it from the catalogue",
        security: [{ bearerAuth: [] }],
        body: savePlanBodySchema,
        response: {
          201: planResponseSchema,
          400: violationsResponseSchema,
          403: violationsResponseSchema,
          422: violationsResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await plans.createCustomerPlan(tokenHolderOf(request).userId, request.body)),
  );

  app.get(
    "/plan",
    {
      schema: {
        tags: ["plans"],
        summary: "The token holder's plans, the most recently saved first",
        security: [{ bearerAuth: [] }],
        response: { 200: planListResponseSchema },
      },
    },
    async (request) => plans.listPlans(tokenHolderOf(request).userId),
  );

  app.get(
    "/plan/:id",
    {
      schema: {
        tags: ["plans"],
        summary: "One of the token holder's plans, priced by the API",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        response: { 200: planResponseSchema, 400: violationsResponseSchema, 404: violationsResponseSchema },
      },
    },
    async (request) => plans.getPlan(tokenHolderOf(request).userId, request.params.id),
  );

  app.patch(
    "/plan/:id",
    {
      schema: {
        tags: ["plans"],
        summary: "Save the journey of one of the token holder's plans; the API prices it from the catalogue",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        body: savePlanBodySchema,
        response: {
          200: savedPlanResponseSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          422: violationsResponseSchema,
        },
      },
    },
    async (request) => ({
      message: messages.saved,
      plan: await plans.savePlan(tokenHolderOf(request).userId, request.params.id, request.body),
    }),
  );
};
