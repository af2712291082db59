import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { messages, purchaseMessages, staffMessages } from "@kindred/domain";
import type { AuditEntry } from "./audit-log";

/**
 * What the audit log keeps of a staff request that was refused (issue 45 item 6; decision 031):
 * 403, the member's role does not allow it, and 409, the plan, case or member is not in a state
 * that allows it now. Who tried is the entry's member (the guard knows them before it refuses);
 * what they tried is the route's operation. Never the request's body, which holds personal data:
 * only the names of things (the operation, the permission, the field and the reason refused).
 */

/** The answers written to the audit log as refusals. */
export const refusalStatuses: ReadonlySet<number> = new Set([403, 409]);

/** Each message a refusal can give, by its words: the reason is the message's name in the domain. */
const reasonByWords = new Map(
  [messages, purchaseMessages, staffMessages].flatMap((catalogue) =>
    Object.entries(catalogue).flatMap(([name, words]) =>
      typeof words === "string" ? [[words, name] as const] : [],
    ),
  ),
);

const refusedAnswer = z.object({
  violations: z.array(z.object({ propertyPath: z.string(), title: z.string() })).min(1),
});

const planReference = z.object({ planId: z.uuid() });

/** The audit entry of a refusal with `statusCode`, given the answer's violations (`payload`). */
export function refusalEntry(request: FastifyRequest, statusCode: number, payload: unknown): AuditEntry {
  const answer = typeof payload === "string" ? refusedAnswer.safeParse(safelyParsed(payload)) : null;
  const violation = answer?.success ? answer.data.violations[0] : undefined;
  const plan = planReference.safeParse(request.params);
  return {
    action: "request.refused",
    planId: plan.success ? plan.data.planId : null,
    detail: {
      operation: request.routeOptions.schema?.operationId ?? request.routeOptions.url ?? "unknown",
      status: statusCode,
      permission: request.routeOptions.config.staff?.may ?? null,
      reason: (violation && reasonByWords.get(violation.title)) ?? "unnamed",
      ...(violation ? { field: violation.propertyPath } : {}),
    },
  };
}

function safelyParsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
