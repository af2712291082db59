import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  deathNotificationBodySchema,
  deathNotificationResponseSchema,
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
};
