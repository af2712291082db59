// What other modules may use of the catalogue.
export type { PlanOptionsService } from "./service";
export { readPaymentTermsFile } from "./catalogue-files";
export type { ChangeAuthor } from "./catalogue-changes";
export {
  applyCatalogueChangesEvery,
  catalogueChangesPage,
  changeBranch,
  changeOptionPrice,
  staffCatalogue,
} from "./catalogue-changes";
