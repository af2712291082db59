import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  confirmEmailQuerySchema,
  customerGuestBodySchema,
  forgotPasswordBodySchema,
  messageResponseSchema,
  planIdParamsSchema,
  registerBodySchema,
  registeredResponseSchema,
  resendConfirmationBodySchema,
  resetPasswordBodySchema,
  userResponseSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import {
  bearerRouteErrors,
  bodyErrors,
  emailLimitError,
  unstorableQueryError,
} from "../../plugins/route-responses";
import { requireCustomerToken, tokenHolderOf } from "../auth";
import type { AccountsService } from "./service";

/**
 * Customer accounts (SPEC.md section 7, "Endpoint paths defined"). A visitor's application
 * token is enough to register, confirm an address and reset a password; `GET /api/user` needs a
 * signed-in customer's token.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  app.post(
    "/account/register",
    {
      schema: {
        tags: ["accounts"],
        operationId: "registerAccount",
        summary:
          "Create a customer account and email a link to confirm the address; if the address has an account, email its owner instead. Answers the same either way",
        security: [{ bearerAuth: [] }],
        body: registerBodySchema,
        response: {
          202: registeredResponseSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await accounts.register(request.body, tokenHolderOf(request))),
  );

  app.post(
    "/plan/:id/customer-guest",
    {
      schema: {
        tags: ["accounts"],
        operationId: "registerAccountFromPlan",
        summary:
          "Create an account from the journey: the visitor's plans move to it. Answers as register does",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        body: customerGuestBodySchema,
        response: {
          202: registeredResponseSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await accounts.registerFromJourney(tokenHolderOf(request), request.params.id, request.body)),
  );

  app.get(
    "/account/confirm-email",
    {
      schema: {
        tags: ["accounts"],
        operationId: "confirmEmail",
        summary: "Confirm an email address with the signed link sent to it (48 hours, once)",
        security: [{ bearerAuth: [] }],
        querystring: confirmEmailQuerySchema,
        response: { 200: messageResponseSchema, 400: violationsResponseSchema, ...bearerRouteErrors },
      },
    },
    async (request) => accounts.confirmEmail(request.query),
  );

  app.post(
    "/account/forgot-password",
    {
      schema: {
        tags: ["accounts"],
        operationId: "requestPasswordReset",
        summary: "Email a password reset link; answers the same whether or not there is an account",
        security: [{ bearerAuth: [] }],
        body: forgotPasswordBodySchema,
        response: {
          202: messageResponseSchema,
          400: violationsResponseSchema,
          ...bearerRouteErrors,
          ...emailLimitError,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await accounts.requestPasswordReset(request.body, request.ip)),
  );

  app.post(
    "/account/resend-confirmation",
    {
      schema: {
        tags: ["accounts"],
        operationId: "resendEmailConfirmation",
        summary: "Email a new link to confirm an address; answers the same whether or not one was needed",
        security: [{ bearerAuth: [] }],
        body: resendConfirmationBodySchema,
        response: {
          202: messageResponseSchema,
          400: violationsResponseSchema,
          ...bearerRouteErrors,
          ...emailLimitError,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await accounts.resendConfirmation(request.body, request.ip)),
  );

  app.post(
    "/account/reset-password",
    {
      schema: {
        tags: ["accounts"],
        operationId: "resetPassword",
        summary: "Choose a new password with the emailed link (one hour, once); signs out everywhere",
        security: [{ bearerAuth: [] }],
        body: resetPasswordBodySchema,
        response: {
          200: messageResponseSchema,
          400: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request) => accounts.resetPassword(request.body),
  );

  app.get(
    "/user",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["accounts"],
        operationId: "getCurrentCustomer",
        summary: "The signed-in customer",
        security: [{ bearerAuth: [] }],
        response: {
          200: userResponseSchema,
          ...unstorableQueryError,
          403: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request) => accounts.getUser(tokenHolderOf(request).userId),
  );
};
