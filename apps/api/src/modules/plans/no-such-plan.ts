import { requestViolation } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { ViolationError } from "../../plugins/error-handler";

/** Another person's plan and a plan that does not exist look the same, so ids are not confirmed. */
export function noSuchPlan(): ViolationError {
  return new ViolationError([requestViolation(messages.noSuchPlan)], 404);
}
