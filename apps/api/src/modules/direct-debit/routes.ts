import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  directDebitVerifyBodySchema,
  directDebitVerifyResponseSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { accountNumberEnding } from "@kindred/domain";
import { checkBankDetails } from "./service";

export const directDebitRoutes: FastifyPluginAsyncZod<{
  bankDetailsChecksPerAddressPerMinute: number;
}> = async (app, { bankDetailsChecksPerAddressPerMinute }) => {
  // Bank details calls share one count per visitor address, in place of the API-wide limit and
  // far below it: nobody needs many tries at their own bank details, and a real provider's bank
  // lookup is charged for. Counted once the request is well-formed and from a token holder.
  const bankDetailsLimit = app.rateLimit({ max: bankDetailsChecksPerAddressPerMinute, timeWindow: 60_000 });

  app.post(
    "/direct-debit-v2/verify",
    {
      config: { rateLimit: false },
      preHandler: bankDetailsLimit,
      schema: {
        tags: ["direct debit"],
        summary:
          "Whether a sort code and account number could be a real account (Vocalink's modulus check); answers only the account's last four digits",
        security: [{ bearerAuth: [] }],
        body: directDebitVerifyBodySchema,
        response: {
          200: directDebitVerifyResponseSchema,
          400: violationsResponseSchema,
          422: violationsResponseSchema,
          429: violationsResponseSchema,
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
};
