import type { PaymentChoiceBody, PlanPaymentsResponse, Violation } from "@kindred/contracts";
import { nextPlanMoney, paymentChoiceProblems } from "@kindred/domain";
import type { Database } from "../../db/database";
import { ViolationError } from "../../plugins/error-handler";
import type { TokenHolder } from "../auth";
import type { PlansService } from "../plans";
import { planMoneyOf, selectPlanMoneyRows, type ChangePlanMoney } from "./plan-money-store";
import type { PlanSchedules } from "./plan-schedule";
import { ownedPlan, type PaymentState } from "./payment-state";

/**
 * The customer's own say over a plan's money: how they will pay (charging nothing), and
 * cancelling it. Each is a change through the one state machine, answered with the plan's payments.
 */
export interface PaymentChoices {
  choose(holder: TokenHolder, planId: string, choice: PaymentChoiceBody): Promise<PlanPaymentsResponse>;
  cancel(holder: TokenHolder, planId: string): Promise<PlanPaymentsResponse>;
}

export function createPaymentChoices({
  db,
  changePlanMoney,
  plans,
  schedules,
  state,
}: {
  db: Database;
  changePlanMoney: ChangePlanMoney;
  plans: PlansService;
  schedules: PlanSchedules;
  state: PaymentState;
}): PaymentChoices {
  return {
    async choose(holder, planId, choice) {
      const plan = await plans.getPlan(holder.userId, planId);
      const problems = paymentChoiceProblems(plan.price.total, choice, await schedules.paymentTerms());
      const violations: Violation[] = Object.entries(problems).map(([propertyPath, title]) => ({
        propertyPath,
        title,
      }));
      // A closed plan is refused in its own words before the choice's details are looked at.
      const rows = await selectPlanMoneyRows(db, planId);
      const closed = rows && nextPlanMoney(planMoneyOf(rows), { cause: "customer", type: "choose", choice });
      if (closed && !closed.ok && closed.status === 409) {
        throw new ViolationError([{ propertyPath: "plan", title: closed.message }], 409);
      }
      if (violations.length > 0) throw new ViolationError(violations, 422);
      await changePlanMoney(planId, { cause: "customer", type: "choose", choice });
      return state.planPayments(holder, planId);
    },

    async cancel(holder, planId) {
      await ownedPlan(db, holder, planId);
      // One transaction: the plan is cancelled, every refund it owes recorded and queued, every
      // open payment, collection to come and mandate queued for cancelling, and the email queued.
      await changePlanMoney(planId, { cause: "customer", type: "cancel" });
      return state.planPayments(holder, planId);
    },
  };
}
