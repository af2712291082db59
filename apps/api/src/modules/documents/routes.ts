import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  acceptLegalDocumentsBodySchema,
  guestPlanDocumentBodySchema,
  legalDocumentReferenceSchema,
  legalDocumentsResponseSchema,
  planDocumentBase64ResponseSchema,
  planDocumentQuerySchema,
  planDocumentTypeSchema,
  planIdParamsSchema,
  publicDocumentParamsSchema,
  requestViolation,
  violationsResponseSchema,
  type PlanDocumentQuery,
  type PlanDocumentType,
} from "@kindred/contracts";
import { type LegalDocumentReference, purchaseMessages } from "@kindred/domain";
import {
  bearerRouteErrors,
  bodyErrors,
  limitedRouteErrors,
  pdfResponse,
  pdfSchema,
} from "../../plugins/route-responses";
import { tokenHolderOf } from "../auth";
import { documentOfType, type DocumentsService, type RenderedDocument } from "./service";

/**
 * A PDF as SPEC.md section 7 item 8 asks: the file itself (`Accept: application/pdf`), or with
 * `encode=base64` the same bytes as base64 in JSON.
 */
export function sendDocument(
  reply: FastifyReply,
  { fileName, pdf }: RenderedDocument,
  query: PlanDocumentQuery,
) {
  if (query.encode === "base64") {
    return reply.send({ fileName, contentType: "application/pdf", file: pdf.toString("base64") });
  }
  return reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .send(pdf);
}

const pdfAnswer = "The PDF (or with encode=base64, `{ fileName, contentType, file }` with the PDF in base64)";
const errors = {
  400: violationsResponseSchema,
  404: violationsResponseSchema,
  422: violationsResponseSchema,
  ...bearerRouteErrors,
};

/** What `sendDocument` answers. */
export const documentAnswer = {
  description: "The PDF; with encode=base64, the same bytes as base64 in JSON",
  content: {
    "application/pdf": { schema: pdfSchema },
    "application/json": { schema: planDocumentBase64ResponseSchema },
  },
};

/** The six legal documents of a plan, their acceptance, and the plan documents as PDFs. */
export const documentRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (
  app,
  { documents },
) => {
  app.get(
    "/plan/:id/legal",
    {
      schema: {
        tags: ["documents"],
        operationId: "listLegalDocuments",
        summary: "The six legal documents of one of the token holder's plans, and which are accepted",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        response: { 200: legalDocumentsResponseSchema, ...errors },
      },
    },
    async (request) => documents.legalDocuments(tokenHolderOf(request).userId, request.params.id),
  );

  app.put(
    "/plan/:id/legal",
    {
      schema: {
        tags: ["documents"],
        operationId: "acceptLegalDocuments",
        summary: "Accept (or withdraw acceptance of) legal documents; records the version and the time",
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        body: acceptLegalDocumentsBodySchema,
        response: { 200: legalDocumentsResponseSchema, ...errors, ...bodyErrors },
      },
    },
    async (request) =>
      documents.acceptLegalDocuments(tokenHolderOf(request).userId, request.params.id, request.body),
  );

  // Any of the six by its reference, and SPEC.md's names for the two plan documents.
  const ownedDocumentRoutes = [
    {
      url: "/plan/:id/legal/:docReference",
      operationId: "getLegalDocument",
      summary: "Any of the six legal documents of one of the token holder's plans",
      params: planIdParamsSchema.extend({ docReference: legalDocumentReferenceSchema }),
    },
    {
      url: "/plan/:id/document/:type",
      operationId: "getPlanDocument",
      summary: "The plan summary or plan details of one of the token holder's plans",
      params: planIdParamsSchema.extend({ type: planDocumentTypeSchema }),
    },
  ] as const;
  for (const { url, operationId, summary, params } of ownedDocumentRoutes) {
    app.get(
      url,
      {
        schema: {
          tags: ["documents"],
          operationId,
          summary: `${summary}, in large print when the customer asked for it (print=large or print=standard overrides). ${pdfAnswer}`,
          security: [{ bearerAuth: [] }],
          params,
          querystring: planDocumentQuerySchema,
          response: { 200: documentAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const { id, ...named } = request.params as { id: string } & (
          { docReference: LegalDocumentReference } | { type: PlanDocumentType }
        );
        const reference = "type" in named ? documentOfType[named.type] : named.docReference;
        return sendDocument(
          reply,
          await documents.planLegalDocumentPdf(
            tokenHolderOf(request).userId,
            id,
            reference,
            request.query.print,
          ),
          request.query,
        );
      },
    );
  }

  app.post(
    "/guest/plan/documents/:type",
    {
      schema: {
        tags: ["documents"],
        operationId: "getUnsavedPlanDocument",
        summary: `The plan summary or plan details of a plan not saved yet, priced by the API. ${pdfAnswer}`,
        security: [{ bearerAuth: [] }],
        params: z.object({ type: planDocumentTypeSchema }),
        querystring: planDocumentQuerySchema,
        body: guestPlanDocumentBodySchema,
        response: { 200: documentAnswer, ...errors, ...bodyErrors },
      },
    },
    async (request, reply) =>
      sendDocument(
        reply,
        await documents.unsavedPlanDocumentPdf(request.body.plan, request.params.type, request.query.print),
        request.query,
      ),
  );
};

/** The fixed documents anyone may read before starting, with no token: /public-documents/terms.pdf. */
export const publicDocumentRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (
  app,
  { documents },
) => {
  app.get(
    "/public-documents/:file",
    {
      schema: {
        tags: ["documents"],
        operationId: "getPublicDocument",
        summary:
          "A public legal document (disclosure, terms, costs explained) as a PDF; print=large for large print",
        // For anyone: a plain link opens it.
        security: [],
        params: publicDocumentParamsSchema,
        querystring: planDocumentQuerySchema.pick({ print: true }),
        response: {
          200: pdfResponse,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          ...limitedRouteErrors,
        },
      },
    },
    async (request, reply) => {
      const rendered = await documents.publicDocumentPdf(request.params.file, request.query.print);
      if (!rendered)
        return reply.code(404).send({ violations: [requestViolation(purchaseMessages.unknownDocument)] });
      return reply
        .type("application/pdf")
        .header("cache-control", "public, max-age=3600")
        .header("content-disposition", `inline; filename="${rendered.fileName}"`)
        .send(rendered.pdf);
    },
  );
};
