import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { firmDetails } from "@kindred/domain";

/**
 * Generates OpenAPI from the routes' zod schemas and, when `publishDocs`, serves a reader at
 * `/api/docs` (by default not in production, where it would map the API for anyone). Each route
 * names its own operationId, summary, security and answers; `test/openapi.test.ts` lints the
 * document with Redocly's recommended rules.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { publishDocs: boolean; siteUrl: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Kindred Funeral Plans API",
        description:
          "Plans, prices and accounts for the Kindred prepaid funeral plan service. A caller first asks " +
          "`POST /token` for an access token (a visitor's, or a signed-in customer's) and sends it as " +
          "`Authorization: Bearer <token>` to each route that names bearerAuth. A refusal answers " +
          "`{ violations }`, one entry per field that was wrong; `POST /token`, and a route refusing a " +
          "token, answer in OAuth2's error shape `{ error, error_description }`.",
        version: "1.0.0",
        // Not open source: the API is the company's own. No API terms page exists yet; the site
        // is where to find the company until one does.
        license: { name: `Proprietary: ${firmDetails.legalName}`, url: options.siteUrl },
      },
      // Relative: the API is wherever this document was served from.
      servers: [{ url: "/", description: "This API" }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            description:
              "An access token from `POST /token`: a visitor's (scope APPLICATION) or a signed-in customer's (scope CUSTOMER)",
          },
          oauthClient: {
            type: "http",
            scheme: "basic",
            description:
              "The OAuth client's id and secret, at `POST /token` only; they may be sent as the form fields client_id and client_secret instead",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (options.publishDocs) await app.register(swaggerUi, { routePrefix: "/api/docs" });
}
