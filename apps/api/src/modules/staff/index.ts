// What the app may use of the staff back office (docs/decisions/031-staff-back-office.md).
export { createStaffService } from "./staff-service";
export { staffRoutes } from "./routes";
export { staffSignInGrant } from "./sign-in-grant";
export { createFirstAdministrator } from "./invitations";
