// What other modules may use of the catalogue.
export type { PlanOptionsService } from "./service";
export { readPaymentTermsFile } from "./catalogue-files";
