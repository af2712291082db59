// What other modules may use of plans: ownership checks, moving a guest's plans, and the plans service.
export { noSuchPlan } from "./no-such-plan";
export { storePlanPeople } from "./people";
export { selectOwnedPlan, transferPlans } from "./queries";
export type { PlansService, PlanWithPeople } from "./service";
