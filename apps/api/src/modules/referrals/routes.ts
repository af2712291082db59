import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  generateReferralCodeBodySchema,
  planIdParamsSchema,
  planReferralResponseSchema,
  referralAppliedResponseSchema,
  referralCodeBodySchema,
  referralCodeResponseSchema,
  referralCodeValidResponseSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { bearerRouteErrors, bodyErrors } from "../../plugins/route-responses";
import { requireCustomerToken, tokenHolderOf } from "../auth";
import type { ReferralsService } from "./service";

/**
 * Referral codes (SPEC.md section 7 item 9). Codes belong to accounts: generating, checking and
 * applying one need a signed-in customer, so a visitor's token, which anyone can have by the
 * hundred, cannot be used to try codes.
 */
export const referralRoutes: FastifyPluginAsyncZod<{
  referrals: ReferralsService;
  referralChecksPerAddressPerMinute: number;
}> = async (app, { referrals, referralChecksPerAddressPerMinute }) => {
  // Checking and applying share one count per visitor address, in place of the API-wide limit
  // and far below it: a person types their code a few times at most, and guessing codes must be
  // slow. Counted once the request is well-formed and from a signed-in customer.
  const referralCheckLimit = app.rateLimit({ max: referralChecksPerAddressPerMinute, timeWindow: 60_000 });

  app.post(
    "/referral-code/generate",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["referrals"],
        operationId: "generateReferralCode",
        summary:
          "The referral code of one of the customer's paid plans: made the first time, the same code every time after",
        security: [{ bearerAuth: [] }],
        body: generateReferralCodeBodySchema,
        response: {
          200: referralCodeResponseSchema,
          400: violationsResponseSchema,
          403: violationsResponseSchema,
          404: violationsResponseSchema,
          422: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request) => referrals.generate(tokenHolderOf(request).userId, request.body.referrerPlanId),
  );

  // 429 from the referral checks' own limit, in place of the API-wide one.
  const checkResponses = {
    400: violationsResponseSchema,
    403: violationsResponseSchema,
    404: violationsResponseSchema,
    422: violationsResponseSchema,
    ...bearerRouteErrors,
    ...bodyErrors,
  };

  app.post(
    "/referral-code/validate",
    {
      onRequest: requireCustomerToken,
      config: { rateLimit: false },
      preHandler: referralCheckLimit,
      schema: {
        tags: ["referrals"],
        operationId: "validateReferralCode",
        summary:
          "Whether a referral code can be applied to one of the customer's plans, and what it gives; changes nothing",
        security: [{ bearerAuth: [] }],
        body: referralCodeBodySchema,
        response: { 200: referralCodeValidResponseSchema, ...checkResponses },
      },
    },
    async (request) => referrals.validate(tokenHolderOf(request).userId, request.body),
  );

  app.post(
    "/referral-code/apply",
    {
      onRequest: requireCustomerToken,
      config: { rateLimit: false },
      preHandler: referralCheckLimit,
      schema: {
        tags: ["referrals"],
        operationId: "applyReferralCode",
        summary:
          "Applies a referral code to one of the customer's plans not yet paid for; the same code again answers the same",
        security: [{ bearerAuth: [] }],
        body: referralCodeBodySchema,
        response: { 200: referralAppliedResponseSchema, ...checkResponses },
      },
    },
    async (request) => referrals.apply(tokenHolderOf(request).userId, request.body),
  );

  app.get(
    "/plan/:id/referral",
    {
      schema: {
        tags: ["referrals"],
        operationId: "getPlanReferral",
        summary: "A plan's own referral code and the code applied to it, with what a referral gives",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        response: {
          200: planReferralResponseSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request) => referrals.planReferral(tokenHolderOf(request).userId, request.params.id),
  );
};
