// What other modules may use of plans: ownership checks, moving a guest's plans, and the plans service.
export { noSuchPlan } from "./no-such-plan";
export { storePlanPeople } from "./people";
export { selectOwnedPlan, transferPlans } from "./queries";
// The short reference every email, document and screen shows (decision 045).
export { selectPlanReference } from "./queries";
export type { PlansService, PlanWithPeople, PricedView } from "./service";
// The price a plan is agreed at, fixed by the payments module when it asks for money (decision 008).
export { agreePriceIn, agreedPriceDiffers, agreedPriceOf, forgetAgreedPriceIn } from "./service";
// What staff read and change of a plan's people (decision 031): the row as stored, and the contact details.
export { selectPlanPeople, type PlanPeopleRow } from "./people";
export { changeContactDetailsIn } from "./service";
