// What other modules may use of the documents: the service, to ask whether all six are accepted.
export type { DocumentsService } from "./service";
