import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  accountDataBase64ResponseSchema,
  accountDataQuerySchema,
  accountDataSchema,
  accountDeletionSchema,
  deleteAccountBodySchema,
  deletedAccountResponseSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { ukToday } from "@kindred/domain";
import { bearerRouteErrors, bodyErrors, emailLimitError, pdfSchema } from "../../plugins/route-responses";
import { requireCustomerToken, tokenHolderOf } from "../auth";
import type { DataRightsService } from "./service";

/**
 * A customer's data and their rights over it (UK GDPR; issue 25 item 12;
 * docs/decisions/030-data-rights-and-retention.md). Signed-in customers only; a visitor's token
 * is refused as `GET /api/user` refuses it.
 */
export const dataRightsRoutes: FastifyPluginAsyncZod<{ dataRights: DataRightsService }> = async (
  app,
  { dataRights },
) => {
  app.get(
    "/account/data",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["accounts"],
        operationId: "downloadMyData",
        summary:
          "Everything we hold about the signed-in customer (their account, plans, people, documents accepted, payments, Direct Debit by its last four digits, marketing choices, emails noted and free guide requests), as a JSON file or a readable PDF; with encode=base64, the file in JSON",
        security: [{ bearerAuth: [] }],
        querystring: accountDataQuerySchema,
        response: {
          200: {
            description: "The file (JSON or PDF, as an attachment); with encode=base64, its bytes in JSON",
            content: {
              "application/json": { schema: accountDataSchema.or(accountDataBase64ResponseSchema) },
              "application/pdf": { schema: pdfSchema },
            },
          },
          400: violationsResponseSchema,
          403: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request, reply) => {
      const holder = tokenHolderOf(request);
      const { format, encode } = request.query;
      const { fileName, contentType, bytes } =
        format === "pdf"
          ? await dataRights.accountDataPdf(holder).then(({ fileName, pdf }) => ({
              fileName,
              contentType: "application/pdf" as const,
              bytes: pdf,
            }))
          : {
              fileName: `kindred-my-data-${ukToday()}.json`,
              contentType: "application/json" as const,
              bytes: Buffer.from(JSON.stringify(await dataRights.accountData(holder), null, 2)),
            };
      if (encode === "base64") return reply.send({ fileName, contentType, file: bytes.toString("base64") });
      return reply
        .type(contentType === "application/json" ? "application/json; charset=utf-8" : contentType)
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );

  app.get(
    "/account/delete",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["accounts"],
        operationId: "previewAccountDeletion",
        summary:
          "What deleting the signed-in customer's account would do now: whether the account goes, what is deleted, and the plans the law requires us to keep, why and until when. Changes nothing",
        security: [{ bearerAuth: [] }],
        response: {
          200: accountDeletionSchema,
          400: violationsResponseSchema,
          403: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request) => dataRights.accountDeletion(tokenHolderOf(request)),
  );

  app.post(
    "/account/delete",
    {
      onRequest: requireCustomerToken,
      schema: {
        tags: ["accounts"],
        operationId: "deleteMyAccount",
        summary:
          "Delete the signed-in customer's account, confirmed with its password: unfinished plans, marketing choices, answers about circumstances, links and sessions go; the account itself goes too unless a plan must be kept (a bought plan, for 7 years after it ends), which the answer lists with why and until when",
        security: [{ bearerAuth: [] }],
        body: deleteAccountBodySchema,
        response: {
          200: deletedAccountResponseSchema,
          400: violationsResponseSchema,
          403: violationsResponseSchema,
          422: violationsResponseSchema,
          ...bearerRouteErrors,
          ...emailLimitError,
          ...bodyErrors,
        },
      },
    },
    async (request) => dataRights.deleteAccount(tokenHolderOf(request), request.body, request.ip),
  );
};
