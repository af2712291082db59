// What the app and other modules may use of Direct Debit.
export { directDebitRoutes } from "./routes";
export { checkBankDetails } from "./service";
