// What the app and other modules may use of referrals: the service (the documents read the code
// applied to a plan through it) and the routes.
export { referralRoutes } from "./routes";
export { createReferralsService } from "./service";
