import {
  heldTowardsSchedule,
  type PaymentChoice,
  paymentChoiceProblems,
  paymentSchedule,
  type PaymentSchedule,
  paymentsLeft,
  type PaymentTerms,
  type Pence,
  type PlanMoney,
  purchaseMessages,
  ukToday,
} from "@kindred/domain";
import { ViolationError } from "../../plugins/error-handler";
import type { PlanOptionsService } from "../catalogue";

/** What is left to pay on a plan that holds money: the rest by card, or a new Direct Debit's. */
type PaymentsLeft = ReturnType<typeof paymentsLeft>;

/**
 * What a plan's payments come to (docs/decisions/016-payments.md): the domain's `paymentSchedule`
 * over the plan's own price and the catalogue's payment terms, never an amount of our own.
 */
export interface PlanSchedules {
  /** The deposits, terms and instalment charges the catalogue offers now. */
  paymentTerms(): Promise<PaymentTerms>;
  /** The schedule of the plan as it is priced now; a choice the price no longer allows must be made again. */
  scheduleOf(planPrice: Pence, choice: PaymentChoice): Promise<PaymentSchedule>;
  /**
   * What is left to pay (issue 46 item 1; decision 044): the schedule of `planPrice` (the price
   * agreed, once money is taken) continued from what `money` holds, by card or by a new Direct
   * Debit (the domain's `paymentsLeft`). With nothing held, the new Direct Debit's instalments are
   * the schedule's own.
   */
  paymentsLeftOf(planPrice: Pence, choice: PaymentChoice, money: PlanMoney): Promise<PaymentsLeft>;
}

export function createPlanSchedules({
  planOptions,
  now,
}: {
  planOptions: PlanOptionsService;
  now: () => Date;
}): PlanSchedules {
  const paymentTerms = async (): Promise<PaymentTerms> => (await planOptions.getPlanOptions()).paymentTerms;
  const today = () => ukToday(now());
  async function scheduleOf(planPrice: Pence, choice: PaymentChoice): Promise<PaymentSchedule> {
    const terms = await paymentTerms();
    const problems = paymentChoiceProblems(planPrice, choice, terms);
    if (problems.deposit || problems.months) {
      throw new ViolationError(
        [{ propertyPath: "paymentOption", title: purchaseMessages.paymentChoiceNeeded }],
        422,
      );
    }
    return paymentSchedule(planPrice, choice, terms, today());
  }
  return {
    paymentTerms,
    scheduleOf,
    async paymentsLeftOf(planPrice, choice, money) {
      return paymentsLeft(await scheduleOf(planPrice, choice), heldTowardsSchedule(money), today());
    },
  };
}
