import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { planOptionsResponseSchema } from "@kindred/contracts";
import type { Database } from "../../db/database";
import { createPlanOptionsService } from "./service";

export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const planOptions = createPlanOptionsService(db);

  app.get(
    "/plan-options",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Everything the planning journey chooses from, with prices in pence",
        security: [{ bearerAuth: [] }],
        response: { 200: planOptionsResponseSchema },
      },
    },
    async () => planOptions.getPlanOptions(),
  );
};
