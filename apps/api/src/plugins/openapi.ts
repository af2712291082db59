import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * Generates OpenAPI from the routes' zod schemas and, when `publishDocs`, serves a reader at
 * `/api/docs` (by default not in production, where it would map the API for anyone).
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { publishDocs: boolean },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Kindred Funeral Plans API",
        description: "Plans, prices and accounts for the Kindred prepaid funeral plan service.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (options.publishDocs) await app.register(swaggerUi, { routePrefix: "/api/docs" });
}
