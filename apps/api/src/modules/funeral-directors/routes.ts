import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  funeralDirectorBranchSchema,
  funeralDirectorLocationQuerySchema,
  funeralDirectorSearchQuerySchema,
  funeralDirectorSearchResponseSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { bearerRouteErrors } from "../../plugins/route-responses";
import type { FuneralDirectorService } from "./service";

export const funeralDirectorRoutes: FastifyPluginAsyncZod<{
  funeralDirectors: FuneralDirectorService;
}> = async (app, { funeralDirectors }) => {
  app.get(
    "/funeral-director/location",
    {
      schema: {
        tags: ["funeral directors"],
        operationId: "getFuneralDirectorBranch",
        summary: "One open funeral director branch, by id",
        security: [{ bearerAuth: [] }],
        querystring: funeralDirectorLocationQuerySchema,
        response: {
          200: funeralDirectorBranchSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request) => funeralDirectors.getBranch(request.query.id),
  );

  app.get(
    "/funeral-director/search",
    {
      schema: {
        tags: ["funeral directors"],
        operationId: "searchFuneralDirectors",
        summary:
          "The nearest open branches to a postcode or district, within 50 miles, nearest first; " +
          "the head office when none is near or the postcode is unknown",
        security: [{ bearerAuth: [] }],
        querystring: funeralDirectorSearchQuerySchema,
        response: {
          200: funeralDirectorSearchResponseSchema,
          400: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request) => funeralDirectors.searchNear(request.query.postcode),
  );
};
