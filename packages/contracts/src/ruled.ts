import { messages } from "@kindred/domain";
import { z } from "zod";

/** A string field checked by one of the domain's rules, reporting each problem under the field. */
export function ruled(problemsOf: (value: string) => string[]) {
  return z.string({ error: messages.required }).superRefine((value, context) => {
    for (const problem of problemsOf(value)) context.addIssue({ code: "custom", message: problem });
  });
}
