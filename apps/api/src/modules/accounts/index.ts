// What other modules may use of accounts: the sign-in limits' answers, which the app lends to staff sign-in.
export type { AdmittedAttempt, SignInAdmission } from "./attempts";
