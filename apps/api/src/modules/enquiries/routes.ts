import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  enquiryBodySchema,
  enquiryResponseSchema,
  planDocumentQuerySchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import {
  bearerRouteErrors,
  bodyErrors,
  emailLimitError,
  limitedRouteErrors,
  pdfResponse,
} from "../../plugins/route-responses";
import type { FreeGuide } from "../documents";
import type { EnquiriesService } from "./service";

/**
 * `POST /api/enquiries` (SPEC.md section 7): a request for the free guide, with a visitor's
 * application token like every other call from the site.
 */
export const enquiryRoutes: FastifyPluginAsyncZod<{ enquiries: EnquiriesService }> = async (
  app,
  { enquiries },
) => {
  app.post(
    "/enquiries",
    {
      schema: {
        tags: ["enquiries"],
        operationId: "requestFreeGuide",
        summary:
          "Ask for the free guide: stores the request and emails the guide (once a day at most to one address)",
        security: [{ bearerAuth: [] }],
        body: enquiryBodySchema,
        response: {
          201: enquiryResponseSchema,
          400: violationsResponseSchema,
          ...bearerRouteErrors,
          ...emailLimitError,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await enquiries.requestGuide(request.body, request.ip)),
  );
};

/**
 * `GET /api/enquiries/free-guide.pdf`: the guide itself, for anyone, with no token, so a plain
 * link can download it. The same for everyone, so browsers and caches may keep it for an hour.
 */
export const freeGuideRoutes: FastifyPluginAsyncZod<{ guide: FreeGuide }> = async (app, { guide }) => {
  app.get(
    "/enquiries/free-guide.pdf",
    {
      schema: {
        tags: ["enquiries"],
        operationId: "getFreeGuide",
        summary: "The free guide as a PDF; print=large for large print",
        // For anyone: a plain link downloads it.
        security: [],
        // Anything else in the address (a campaign's utm_source, say) is no reason to refuse it.
        querystring: z.object({ print: planDocumentQuerySchema.shape.print }),
        response: { 200: pdfResponse, 400: violationsResponseSchema, ...limitedRouteErrors },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await guide.pdf(request.query.print ?? "standard");
      return reply
        .type("application/pdf")
        .header("cache-control", "public, max-age=3600")
        .header("content-disposition", `inline; filename="${fileName}"`)
        .send(pdf);
    },
  );
};
