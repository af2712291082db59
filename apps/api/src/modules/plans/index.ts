// What other modules may use of plans: ownership checks and moving a guest's plans to a customer.
export { noSuchPlan } from "./no-such-plan";
export { selectOwnedPlan, transferPlans } from "./queries";
