import { messages } from "@kindred/domain";
import { z } from "zod";

/** A string field checked by one of the domain's rules, reporting each problem under the field. */
export function ruled(problemsOf: (value: string) => string[]) {
  return z.string({ error: messages.required }).superRefine((value, context) => {
    for (const problem of problemsOf(value)) context.addIssue({ code: "custom", message: problem });
  });
}

/**
 * A field typed twice (an email address, a password): `problemsOf` compares the second with the
 * first and reports under the second. It runs even while other fields are wrong, so a form names
 * a confirmation that differs at once, and never calls it right before it has been compared.
 */
export function confirmedTwice<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  first: string,
  second: string,
  problemsOf: (value: string, again: string) => string[],
): T {
  const bothTyped = (value: unknown): value is Record<string, string> =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>)[first] === "string" &&
    typeof (value as Record<string, unknown>)[second] === "string";
  return schema.superRefine(
    (value, context) => {
      if (!bothTyped(value)) return;
      for (const problem of problemsOf(value[first]!, value[second]!)) {
        context.addIssue({ code: "custom", path: [second], message: problem });
      }
    },
    { when: (payload) => bothTyped(payload.value) },
  );
}
