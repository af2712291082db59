import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  deathConfirmationBodySchema,
  deathNotificationBodySchema,
  deathNotificationResponseSchema,
  deathReportAnswerSchema,
  deathReportNotRightBodySchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { bearerRouteErrors, bodyErrors } from "../../plugins/route-responses";
import type { AtNeedService } from "./service";

/**
 * `POST /api/notify-a-death` (issue 23 item 4): anyone tells us of a death, with a visitor's
 * application token like every other call from the site. Counted per address in place of the
 * API-wide limit, and far below it: a person tells us once, and guessing at whose plan exists
 * must be slow (though the answer never says).
 */
export const atNeedRoutes: FastifyPluginAsyncZod<{
  atNeed: AtNeedService;
  deathNotificationsPerAddressPerHour: number;
}> = async (app, { atNeed, deathNotificationsPerAddressPerHour }) => {
  const notificationLimit = app.rateLimit({
    max: deathNotificationsPerAddressPerHour,
    timeWindow: 3_600_000,
  });
  app.post(
    "/notify-a-death",
    {
      config: { rateLimit: false },
      // Counted before the body is read: a malformed telling counts too.
      onRequest: notificationLimit,
      schema: {
        tags: ["at-need"],
        operationId: "notifyADeath",
        summary:
          "Tell us of a death: opens a case for the plan it matches (or for staff, if none); the same answer either way",
        security: [{ bearerAuth: [] }],
        body: deathNotificationBodySchema,
        response: {
          201: deathNotificationResponseSchema,
          400: violationsResponseSchema,
          422: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await atNeed.notifyDeath(request.body, request.ip)),
  );

  // The links in our email to everyone on the plan (decision 040): signed for the case and the
  // reader, so a stranger can neither confirm a death nor speak for someone on the plan.
  app.post(
    "/notify-a-death/confirmation",
    {
      schema: {
        tags: ["at-need"],
        operationId: "confirmADeath",
        summary:
          "The person named on the plan confirms a reported death, from the link in our email: the funeral is requested",
        security: [{ bearerAuth: [] }],
        body: deathConfirmationBodySchema,
        response: {
          200: deathReportAnswerSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          409: violationsResponseSchema,
          422: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request) => atNeed.confirmFromLink(request.body),
  );
  app.post(
    "/notify-a-death/not-right",
    {
      schema: {
        tags: ["at-need"],
        operationId: "sayADeathReportIsNotRight",
        summary: "Someone on the plan tells us a reported death is not right, from the link in our email",
        security: [{ bearerAuth: [] }],
        body: deathReportNotRightBodySchema,
        response: {
          200: deathReportAnswerSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          422: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request) => atNeed.sayNotRight(request.body),
  );
};
