import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adviceArticlesQuerySchema,
  adviceArticlesResponseSchema,
  adviceArticleDetailsParamsSchema,
  adviceArticleDetailsResponseSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { databaseRouteErrors, unstorableQueryError } from "../../plugins/route-responses";
import type { AdviceArticlesService } from "./service";

/**
 * The articles are public and the same for everyone, so browsers and shared caches may keep them
 * for five minutes; an edit reaches readers within that time of the next start.
 */
const publicForFiveMinutes = "public, max-age=300";

/**
 * Funeral advice (SPEC.md section 7 item 7). Registered outside the token check: the articles are
 * public pages' content, read by the web server for every visitor and by search engines, and a
 * token is accepted but not needed (docs/decisions/018-advice-content.md). The addresses, and
 * the OpenAPI tag and operation ids that name them, keep the SPEC's word "stories" (section 7:
 * `/api/stories`); everywhere else in the code they are advice articles.
 */
export const adviceArticleRoutes: FastifyPluginAsyncZod<{ adviceArticles: AdviceArticlesService }> = async (
  app,
  { adviceArticles },
) => {
  app.get(
    "/stories",
    {
      schema: {
        tags: ["stories"],
        operationId: "listStories",
        summary: "Funeral advice articles, newest first, optionally searched and filtered by category",
        // For anyone: a token is accepted but not needed.
        security: [],
        querystring: adviceArticlesQuerySchema,
        response: {
          200: adviceArticlesResponseSchema,
          400: violationsResponseSchema,
          ...databaseRouteErrors,
        },
      },
    },
    async (request, reply) => {
      const answer = await adviceArticles.listArticles(request.query);
      reply.header("cache-control", publicForFiveMinutes);
      return answer;
    },
  );

  app.get(
    "/stories/details/:id",
    {
      schema: {
        tags: ["stories"],
        operationId: "getStory",
        summary: "One article, by its slug or its numeric id, with related articles",
        security: [],
        params: adviceArticleDetailsParamsSchema,
        response: {
          200: adviceArticleDetailsResponseSchema,
          ...unstorableQueryError,
          404: violationsResponseSchema,
          ...databaseRouteErrors,
        },
      },
    },
    async (request, reply) => {
      const answer = await adviceArticles.getArticle(request.params.id);
      reply.header("cache-control", publicForFiveMinutes);
      return answer;
    },
  );
};
