import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cardFieldsSchema,
  type CardFieldsResponse,
  createDirectDebitBodySchema,
  createDirectDebitResponseSchema,
  createPaymentBodySchema,
  directDebitVerifyBodySchema,
  directDebitVerifyResponseSchema,
  idempotencyKeyHeadersSchema,
  paymentChoiceSchema,
  paymentIdParamsSchema,
  paymentSchema,
  planIdParamsSchema,
  planPaymentsSchema,
  sandboxAuthenticateBodySchema,
  sandboxCardAnswerSchema,
  sandboxCardConfirmBodySchema,
  sandboxCollectionsBodySchema,
  sandboxCollectionsResponseSchema,
  sandboxDirectDebitEndedBodySchema,
  sandboxDirectDebitEndedResponseSchema,
  sandboxPlanBodySchema,
  sandboxFailedCollectionsRetriedResponseSchema,
  sandboxRefundsBouncedResponseSchema,
  sandboxCardDisputesBodySchema,
  sandboxCardDisputesResponseSchema,
  sandboxIndemnityClaimsResponseSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { accountNumberEnding, purchaseMessages } from "@kindred/domain";
import { bearerRouteErrors, bodyErrors, unstorableQueryError } from "../../plugins/route-responses";
import { requireCustomerToken, tokenHolderOf } from "../auth";
import type { Database } from "../../db/database";
import { checkBankDetails } from "./bank-details";
import { newestMandateReference } from "./direct-debit";
import { ownedPlan } from "./payment-state";
import { providerPaymentIdsOf, refundedProviderPaymentIds } from "./plan-money-store";
import { WebhookNotUnderstood, WebhookNotVerified } from "./provider";
import { NotKnownYet } from "./provider-events";
import type { SandboxProvider } from "./sandbox/sandbox-provider";
import type { PaymentsService } from "./service";

const violations = {
  400: violationsResponseSchema,
  404: violationsResponseSchema,
  409: violationsResponseSchema,
  422: violationsResponseSchema,
  ...bearerRouteErrors,
};

/** A route for a signed-in customer only (`requireCustomerToken`), with a body. */
const customerBodyViolations = { ...violations, 403: violationsResponseSchema, ...bodyErrors };

/** Paying for a plan; every route reads or writes only the holder's own plans and payments. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  cardFields: CardFieldsResponse;
  bankDetailsChecksPerAddressPerMinute: number;
}> = async (app, { payments, cardFields, bankDetailsChecksPerAddressPerMinute }) => {
  // Bank details calls share one count per visitor address, in place of the API-wide limit and
  // far below it: nobody needs many tries at their own bank details, and a real provider's bank
  // lookup is charged for. Counted once the request is well-formed and from a token holder.
  const bankDetailsLimit = app.rateLimit({ max: bankDetailsChecksPerAddressPerMinute, timeWindow: 60_000 });

  app.get(
    "/payments/card-fields",
    {
      schema: {
        tags: ["payments"],
        operationId: "getCardFields",
        summary:
          "Whose card fields take a card: the embedded sandbox's, or Stripe's (with its publishable key)",
        security: [{ bearerAuth: [] }],
        response: { 200: cardFieldsSchema, ...unstorableQueryError, ...bearerRouteErrors },
      },
    },
    async () => cardFields,
  );

  app.put(
    "/plan/:id/payment-choice",
    {
      schema: {
        tags: ["payments"],
        operationId: "choosePaymentOption",
        summary: "How the customer will pay (in full, or a deposit and monthly instalments); charges nothing",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        body: paymentChoiceSchema,
        response: { 200: planPaymentsSchema, ...violations, ...bodyErrors },
      },
    },
    async (request) => payments.choose(tokenHolderOf(request), request.params.id, request.body),
  );

  app.get(
    "/plan/:id/payments",
    {
      schema: {
        tags: ["payments"],
        operationId: "getPlanPayments",
        summary: "A plan's payments, Direct Debit, schedule and state",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        response: { 200: planPaymentsSchema, ...violations },
      },
    },
    async (request) => payments.planPayments(tokenHolderOf(request), request.params.id),
  );

  app.post(
    "/payments/create",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["payments"],
        operationId: "createCardPayment",
        summary:
          "Opens the card payment for a plan that is ready: in full or the deposit. The same Idempotency-Key answers the same payment",
        security: [{ bearerAuth: [] }],
        headers: idempotencyKeyHeadersSchema,
        body: createPaymentBodySchema,
        response: { 200: paymentSchema, 201: paymentSchema, ...customerBodyViolations },
      },
    },
    async (request, reply) => {
      const { payment, created } = await payments.createPayment(
        tokenHolderOf(request),
        request.headers["idempotency-key"],
        request.body,
      );
      return reply.code(created ? 201 : 200).send(payment);
    },
  );

  app.get(
    "/payments/:id",
    {
      schema: {
        tags: ["payments"],
        operationId: "getPayment",
        summary: "One of the holder's payments, to follow it until the provider confirms it",
        security: [{ bearerAuth: [] }],
        params: paymentIdParamsSchema,
        response: { 200: paymentSchema, ...violations },
      },
    },
    async (request) => payments.getPayment(tokenHolderOf(request), request.params.id),
  );

  app.post(
    "/direct-debit-v2/verify",
    {
      config: { rateLimit: false },
      preHandler: bankDetailsLimit,
      schema: {
        tags: ["direct debit"],
        operationId: "checkBankDetails",
        summary:
          "Whether a sort code and account number could be a real account (Vocalink's modulus check); answers only the account's last four digits",
        security: [{ bearerAuth: [] }],
        body: directDebitVerifyBodySchema,
        // 429 from the bank details checks' own limit, in place of the API-wide one.
        response: {
          200: directDebitVerifyResponseSchema,
          400: violationsResponseSchema,
          422: violationsResponseSchema,
          ...bearerRouteErrors,
          ...bodyErrors,
        },
      },
    },
    async (request) => {
      // Bank details are never logged: the account's last four digits at most. The answer's
      // status, in the request's own log line, says whether they passed.
      request.log.info(
        { accountNumberEnding: accountNumberEnding(request.body.accountNumber) },
        "checking bank details",
      );
      return checkBankDetails(request.body);
    },
  );

  app.post(
    "/direct-debit-v2/create",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["direct debit"],
        operationId: "createDirectDebit",
        summary:
          "Sets up the Direct Debit for a plan paid by instalments, and its collections; answers the mandate (last four digits only)",
        security: [{ bearerAuth: [] }],
        headers: idempotencyKeyHeadersSchema,
        body: createDirectDebitBodySchema,
        response: {
          200: createDirectDebitResponseSchema,
          201: createDirectDebitResponseSchema,
          ...customerBodyViolations,
        },
      },
    },
    async (request, reply) => {
      request.log.info(
        { planId: request.body.planId, accountNumberEnding: accountNumberEnding(request.body.accountNumber) },
        "setting up a Direct Debit",
      );
      const { answer, created } = await payments.createDirectDebit(
        tokenHolderOf(request),
        request.headers["idempotency-key"],
        request.body,
      );
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.post(
    "/plan/:id/cancel",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["payments"],
        operationId: "cancelPlan",
        summary:
          "Cancels a plan: no fee, everything paid refunded, the Direct Debit and every collection to come stopped",
        security: [{ bearerAuth: [] }],
        headers: idempotencyKeyHeadersSchema,
        params: planIdParamsSchema,
        body: z.object({}).optional(),
        response: { 200: planPaymentsSchema, ...customerBodyViolations },
      },
    },
    async (request) => payments.cancel(tokenHolderOf(request), request.params.id),
  );
};

/**
 * The embedded sandbox's own card fields (docs/decisions/016-payments.md): what Stripe's fields
 * would post to Stripe. The card number is checked and dropped here, never logged or kept.
 */
export const sandboxCardRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxProvider }> = async (
  app,
  { sandbox },
) => {
  const params = z.object({
    id: z.string().regex(/^sbx_pay_[\w-]{16}$/, purchaseMessages.notAPaymentReference),
  });
  app.post(
    "/sandbox-provider/card-payments/:id/confirm",
    {
      schema: {
        tags: ["sandbox provider"],
        operationId: "confirmSandboxCardPayment",
        summary: "The sandbox's card fields: pays with a test card",
        security: [{ bearerAuth: [] }],
        params,
        body: sandboxCardConfirmBodySchema,
        response: { 200: sandboxCardAnswerSchema, ...violations, ...bodyErrors },
      },
    },
    async (request) => sandbox.confirmCard(request.params.id, request.body, new Date()),
  );
  app.post(
    "/sandbox-provider/card-payments/:id/authenticate",
    {
      schema: {
        tags: ["sandbox provider"],
        operationId: "authenticateSandboxCardPayment",
        summary: "The sandbox's 'confirm with your bank' step",
        security: [{ bearerAuth: [] }],
        params,
        body: sandboxAuthenticateBodySchema,
        response: { 200: sandboxCardAnswerSchema, ...violations, ...bodyErrors },
      },
    },
    async (request) => sandbox.authenticateCard(request.params.id, request.body),
  );
};

/**
 * While the embedded sandbox takes Direct Debits, and only then (issue 25 item 9): a customer's
 * plan's collections due up to a day are taken now, as the bank would take them on those days, so
 * a demo or a developer sees a failed collection, the missed-payments statement and the arrears
 * without waiting months. Nothing else of the plan is touched; the webhooks follow as usual.
 */
export const sandboxDirectDebitRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxProvider;
  db: Database;
}> = async (app, { sandbox, db }) => {
  app.post(
    "/sandbox-provider/collections",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["sandbox provider"],
        operationId: "takeSandboxCollections",
        summary: "The sandbox only: takes one of the customer's plans' collections due up to a day, now",
        security: [{ bearerAuth: [] }],
        body: sandboxCollectionsBodySchema,
        response: { 200: sandboxCollectionsResponseSchema, ...customerBodyViolations },
      },
    },
    async (request) => {
      const { planId, until } = request.body;
      const plan = await ownedPlan(db, tokenHolderOf(request), planId);
      const mandateReference = await newestMandateReference(db, plan);
      return { taken: await sandbox.collectDue(until, { mandateReference }) };
    },
  );
  app.post(
    "/sandbox-provider/direct-debit-ended",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["sandbox provider"],
        operationId: "endSandboxDirectDebit",
        summary:
          "The sandbox only: the bank, or the customer at their bank, ends one of the customer's plans' Direct Debits now",
        security: [{ bearerAuth: [] }],
        body: sandboxDirectDebitEndedBodySchema,
        response: { 200: sandboxDirectDebitEndedResponseSchema, ...customerBodyViolations },
      },
    },
    async (request) => {
      const { planId, how } = request.body;
      const plan = await ownedPlan(db, tokenHolderOf(request), planId);
      return { ended: await sandbox.endMandate(await newestMandateReference(db, plan), how) };
    },
  );
  app.post(
    "/sandbox-provider/failed-collections-retried",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["sandbox provider"],
        operationId: "retrySandboxFailedCollections",
        summary:
          "The sandbox only: submits again and takes every failed collection of one of the customer's plans, now",
        security: [{ bearerAuth: [] }],
        body: sandboxPlanBodySchema,
        response: { 200: sandboxFailedCollectionsRetriedResponseSchema, ...customerBodyViolations },
      },
    },
    async (request) => {
      const plan = await ownedPlan(db, tokenHolderOf(request), request.body.planId);
      return { retried: await sandbox.retryFailedCollections(await newestMandateReference(db, plan)) };
    },
  );
  app.post(
    "/sandbox-provider/card-disputes",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["sandbox provider"],
        operationId: "disputeSandboxCardPayments",
        summary:
          "The sandbox only: the customer disputes one of their plans' card payments at their bank, or the bank decides the dispute, now",
        security: [{ bearerAuth: [] }],
        body: sandboxCardDisputesBodySchema,
        response: { 200: sandboxCardDisputesResponseSchema, ...customerBodyViolations },
      },
    },
    async (request) => {
      const { planId, outcome } = request.body;
      await ownedPlan(db, tokenHolderOf(request), planId);
      const ids = await providerPaymentIdsOf(db, planId, "card_payment");
      return { disputed: await sandbox.disputeCardPayments(ids, outcome) };
    },
  );
  app.post(
    "/sandbox-provider/indemnity-claims",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["sandbox provider"],
        operationId: "claimSandboxIndemnity",
        summary:
          "The sandbox only: the customer claims back from their bank every collection taken for one of their plans, now",
        security: [{ bearerAuth: [] }],
        body: sandboxPlanBodySchema,
        response: { 200: sandboxIndemnityClaimsResponseSchema, ...customerBodyViolations },
      },
    },
    async (request) => {
      const { planId } = request.body;
      await ownedPlan(db, tokenHolderOf(request), planId);
      return { claimed: await sandbox.claimIndemnity(await providerPaymentIdsOf(db, planId, "collection")) };
    },
  );
  app.post(
    "/sandbox-provider/refunds-bounced",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["sandbox provider"],
        operationId: "bounceSandboxRefunds",
        summary: "The sandbox only: every refund made to one of the customer's plans bounces, now",
        security: [{ bearerAuth: [] }],
        body: sandboxPlanBodySchema,
        response: { 200: sandboxRefundsBouncedResponseSchema, ...customerBodyViolations },
      },
    },
    async (request) => {
      const { planId } = request.body;
      await ownedPlan(db, tokenHolderOf(request), planId);
      return { bounced: await sandbox.bounceRefunds(await refundedProviderPaymentIds(db, planId)) };
    },
  );
};

/**
 * Providers' webhooks, outside the bearer-token routes: each is verified by its signature over
 * the exact bytes sent, so the body is kept as a string. 401 for a signature that does not verify
 * (nothing changes); 204 once every event is handled, or was handled before.
 */
export const webhookRoutes: FastifyPluginAsync<{ payments: PaymentsService }> = async (app, { payments }) => {
  // In this plugin only: the body kept as the exact string the signature was made over.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );
  for (const [path, provider] of [
    ["/webhooks/card-payments", "card"],
    ["/webhooks/direct-debit", "directDebit"],
  ] as const) {
    app.post(path, { schema: { hide: true } }, async (request, reply) => {
      if (typeof request.body !== "string") {
        return reply
          .code(400)
          .send({ violations: [{ propertyPath: "body", title: "A webhook body is JSON." }] });
      }
      try {
        await payments.handleWebhook(provider, { rawBody: request.body, headers: request.headers });
      } catch (error) {
        if (error instanceof NotKnownYet) {
          request.log.info(
            { provider },
            "a webhook came before its object was stored; asked to send it again",
          );
          return reply
            .code(503)
            .send({ violations: [{ propertyPath: "event", title: "Not ready; send again." }] });
        }
        if (error instanceof WebhookNotUnderstood) {
          request.log.warn({ provider }, "a signed webhook was refused: its body is not events we can read");
          return reply
            .code(400)
            .send({ violations: [{ propertyPath: "body", title: "Not events we can read." }] });
        }
        if (error instanceof WebhookNotVerified) {
          request.log.warn({ provider }, "a webhook was refused: its signature did not verify");
          return reply
            .code(401)
            .send({ violations: [{ propertyPath: "signature", title: "Not verified." }] });
        }
        throw error;
      }
      return reply.code(204).send();
    });
  }
};
