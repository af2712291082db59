import compress from "@fastify/compress";
import etag from "@fastify/etag";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { planOptionsResponseSchema, type PlanOptionsResponse } from "@kindred/contracts";
import { bearerRouteErrors, unstorableQueryError } from "../../plugins/route-responses";
import type { PlanOptionsService } from "./service";

/**
 * The catalogue: the same answer for every visitor, sent as it was serialised when built, with an
 * ETag (a browser that has it gets 304 and no body) and compressed for browsers that accept it.
 * Both plugins apply to these routes only.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{ planOptions: PlanOptionsService }> = async (
  app,
  { planOptions },
) => {
  await app.register(etag);
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });

  app.get(
    "/plan-options",
    {
      schema: {
        tags: ["catalogue"],
        operationId: "getPlanOptions",
        summary: "Everything the planning journey chooses from, with prices in pence",
        security: [{ bearerAuth: [] }],
        response: { 200: planOptionsResponseSchema, ...unstorableQueryError, ...bearerRouteErrors },
      },
    },
    async (_request, reply) => {
      const { json } = await planOptions.getPlanOptionsDocument();
      // Anyone's copy is good until the catalogue changes; ask again each time, with the ETag.
      // A string with a JSON type is sent as it is: it was checked against the schema when built.
      const serialised = json as unknown as PlanOptionsResponse;
      return reply
        .header("cache-control", "no-cache")
        .type("application/json; charset=utf-8")
        .send(serialised);
    },
  );
};
