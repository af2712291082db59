import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addressLookupAutocompleteQuerySchema,
  addressLookupAutocompleteResponseSchema,
  addressLookupDetailsQuerySchema,
  foundAddressSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { ViolationError } from "../../plugins/error-handler";
import { bearerRouteErrors } from "../../plugins/route-responses";
import { AddressLookupUnavailableError, type AddressLookupProvider } from "./provider";

/** A found address is the person's own: their browser may keep it a while, nothing in between. */
const privateForFiveMinutes = "private, max-age=300";

/** The provider's answer, or a calm 503 telling the person to type the address when it has none. */
async function fromProvider<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof AddressLookupUnavailableError) {
      throw new ViolationError([{ propertyPath: "Global", title: messages.addressLookupUnavailable }], 503);
    }
    throw error;
  }
}

export const addressLookupRoutes: FastifyPluginAsyncZod<{
  addressLookup: AddressLookupProvider;
  lookupsPerAddressPerMinute: number;
}> = async (app, { addressLookup, lookupsPerAddressPerMinute }) => {
  // Both calls share one count per address, in place of the API-wide one: a real provider charges
  // for every lookup. Counted once the request is known to be well-formed and from a token holder.
  const lookupLimit = app.rateLimit({ max: lookupsPerAddressPerMinute, timeWindow: 60_000 });

  app.get(
    "/address-lookup/autocomplete",
    {
      config: { rateLimit: false },
      preHandler: lookupLimit,
      schema: {
        tags: ["address lookup"],
        operationId: "suggestAddresses",
        summary:
          "Addresses for a postcode (or, with a real provider, part of an address); none when it is not one",
        security: [{ bearerAuth: [] }],
        querystring: addressLookupAutocompleteQuerySchema,
        // 503 also when the address lookup provider does not answer: the person types the address.
        response: {
          200: addressLookupAutocompleteResponseSchema,
          400: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request, reply) => {
      const suggestions = await fromProvider(() => addressLookup.autocomplete(request.query.query));
      reply.header("cache-control", privateForFiveMinutes);
      return { suggestions };
    },
  );

  app.get(
    "/address-lookup/details",
    {
      config: { rateLimit: false },
      preHandler: lookupLimit,
      schema: {
        tags: ["address lookup"],
        operationId: "getAddress",
        summary: "The address behind a suggestion's id, in SPEC.md's Address shape",
        security: [{ bearerAuth: [] }],
        querystring: addressLookupDetailsQuerySchema,
        // 503 also when the address lookup provider does not answer.
        response: {
          200: foundAddressSchema,
          400: violationsResponseSchema,
          404: violationsResponseSchema,
          ...bearerRouteErrors,
        },
      },
    },
    async (request, reply) => {
      const address = await fromProvider(() => addressLookup.details(request.query.id));
      if (!address) throw new ViolationError([{ propertyPath: "id", title: messages.addressNotFound }], 404);
      reply.header("cache-control", privateForFiveMinutes);
      return address;
    },
  );
};
