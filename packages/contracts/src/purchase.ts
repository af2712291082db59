import { messages } from "@kindred/domain";
import { z } from "zod";

/** `POST /api/plan/valid`: may this plan be paid for now? */
export const planValidBodySchema = z.object({ planId: z.uuid(messages.notAPlanReference) });

/** 200 when it may; otherwise 422 with a violation for each missing piece (journey, documents, customer, account). */
export const planReadyResponseSchema = z.object({ valid: z.literal(true), planId: z.uuid() });
export type PlanReadyResponse = z.infer<typeof planReadyResponseSchema>;
