// What other modules may use of the documents: the service, to ask whether all six are accepted,
// and the free guide, which the enquiries module emails and serves.
export type { DocumentsService } from "./service";
export { loadFreeGuide, type FreeGuide } from "./free-guide";
