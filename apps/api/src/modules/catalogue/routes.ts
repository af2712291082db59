import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { planOptionsResponseSchema } from "@kindred/contracts";
import type { PlanOptionsService } from "./service";

export const catalogueRoutes: FastifyPluginAsyncZod<{ planOptions: PlanOptionsService }> = async (
  app,
  { planOptions },
) => {
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
