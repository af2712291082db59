import {
  type PaymentChoice,
  paymentChoiceProblems,
  paymentSchedule,
  type PaymentSchedule,
  type PaymentTerms,
  type Pence,
  purchaseMessages,
  ukToday,
} from "@kindred/domain";
import { ViolationError } from "../../plugins/error-handler";
import type { PlanOptionsService } from "../catalogue";

/**
 * What a plan's payments come to (docs/decisions/016-payments.md): the domain's `paymentSchedule`
 * over the plan's own price and the catalogue's payment terms, never an amount of our own.
 */
export interface PlanSchedules {
  /** The deposits, terms and instalment charges the catalogue offers now. */
  paymentTerms(): Promise<PaymentTerms>;
  /** The schedule of the plan as it is priced now; a choice the price no longer allows must be made again. */
  scheduleOf(planPrice: Pence, choice: PaymentChoice): Promise<PaymentSchedule>;
}

export function createPlanSchedules({
  planOptions,
  now,
}: {
  planOptions: PlanOptionsService;
  now: () => Date;
}): PlanSchedules {
  const paymentTerms = async (): Promise<PaymentTerms> => (await planOptions.getPlanOptions()).paymentTerms;
  return {
    paymentTerms,
    async scheduleOf(planPrice, choice) {
      const terms = await paymentTerms();
      const problems = paymentChoiceProblems(planPrice, choice, terms);
      if (problems.deposit || problems.months) {
        throw new ViolationError(
          [{ propertyPath: "paymentOption", title: purchaseMessages.paymentChoiceNeeded }],
          422,
        );
      }
      return paymentSchedule(planPrice, choice, terms, ukToday(now()));
    },
  };
}
