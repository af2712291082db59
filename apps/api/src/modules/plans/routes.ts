import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createGuestPlanBodySchema,
  customerContactDetailsBodySchema,
  planIdParamsSchema,
  planListResponseSchema,
  planPeopleBodySchema,
  planPeopleResponseSchema,
  planResponseSchema,
  savedPlanResponseSchema,
  savePlanBodySchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { bearerRouteErrors, bodyErrors, unstorableQueryError } from "../../plugins/route-responses";
import { requireCustomerToken, tokenHolderOf } from "../auth";
import type { PlansService } from "./service";

/** Plans of the token holder; every route reads or writes only plans the holder's user owns. */
/** A plan's version as an entity tag: `"7"`. */
function planEntityTag(version: number): string {
  return `"${version}"`;
}

/**
 * The version an `If-Match` header names (`"7"` or `W/"7"`); undefined without the header or for
 * `*`. A tag that is not one of ours names no version (0), so it can only fail to match.
 */
function versionFromIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === "*") return undefined;
  const match = /^(?:W\/)?"(\d{1,9})"$/.exec(header.trim());
  return match ? Number(match[1]) : 0;
}

export const planRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.post(
    "/guest/plan",
    {
      schema: {
        tags: ["plans"],
        operationId: "createGuestPlan",
        summary: "Start a plan for the token's visitor, with or without journey answers",
        security: [{ bearerAuth: [] }],
        body: createGuestPlanBodySchema,
        response: {
          201: planResponseSchema,
          400: violationsResponseSchema,
          422: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
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
        operationId: "createCustomerPlan",
        summary: "Save a new plan to the signed-in customer's account; the API prices it from the catalogue",
        security: [{ bearerAuth: [] }],
        body: savePlanBodySchema,
        response: {
          201: planResponseSchema,
          400: violationsResponseSchema,
          403: violationsResponseSchema,
          422: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
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
        operationId: "listPlans",
        summary: "The token holder's plans, the most recently saved first",
        security: [{ bearerAuth: [] }],
        response: { 200: planListResponseSchema, ...unstorableQueryError, ...bearerRouteErrors },
      },
    },
    async (request) => plans.listPlans(tokenHolderOf(request).userId),
  );

  app.get(
    "/plan/:id",
    {
      schema: {
        tags: ["plans"],
        operationId: "getPlan",
        summary: "One of the token holder's plans, priced by the API",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        response: {
          200: planResponseSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request, reply) => {
      const plan = await plans.getPlan(tokenHolderOf(request).userId, request.params.id);
      return reply.header("etag", planEntityTag(plan.version)).send(plan);
    },
  );

  app.patch(
    "/plan/:id",
    {
      schema: {
        tags: ["plans"],
        operationId: "savePlan",
        summary: "Save the journey of one of the token holder's plans; the API prices it from the catalogue",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        body: savePlanBodySchema,
        response: {
          200: savedPlanResponseSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          412: violationsResponseSchema,
          422: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => {
      const plan = await plans.savePlan(
        tokenHolderOf(request).userId,
        request.params.id,
        request.body,
        versionFromIfMatch(request.headers["if-match"]),
      );
      return reply.header("etag", planEntityTag(plan.version)).send({ message: messages.saved, plan });
    },
  );

  app.get(
    "/plan/:id/customer",
    {
      schema: {
        tags: ["plans"],
        operationId: "getPlanPeople",
        summary: "The people of one of the token holder's plans: customer, covered person, nominee, payer",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        response: {
          200: planPeopleResponseSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request) => plans.getPeople(tokenHolderOf(request).userId, request.params.id),
  );

  app.post(
    "/plan/:id/customer",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["plans"],
        operationId: "savePlanPeople",
        summary:
          "Store the people of a signed-in customer's plan (a guest sends them with a password to customer-guest)",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        body: planPeopleBodySchema,
        response: {
          200: planPeopleResponseSchema,
          400: violationsResponseSchema,
          403: violationsResponseSchema,
          404: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request) => plans.savePeople(tokenHolderOf(request).userId, request.params.id, request.body),
  );

  app.put(
    "/plan/:id/customer/contact-details",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["plans"],
        operationId: "changeContactDetails",
        summary:
          "Change the phone number, address and preferred contact of a signed-in customer's plan, paid for or not",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        body: customerContactDetailsBodySchema,
        response: {
          200: planPeopleResponseSchema,
          400: violationsResponseSchema,
          403: violationsResponseSchema,
          404: violationsResponseSchema,
          409: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request) =>
      plans.changeContactDetails(tokenHolderOf(request).userId, request.params.id, request.body),
  );
};
