// What other modules may use of the documents: the service, to ask whether all six are accepted
// and to make a PDF of a plan's document written elsewhere (the plan statement), and the free
// guide, which the enquiries module emails and serves.
export type { DocumentsService, RenderedDocument, WrittenPlanDocument } from "./service";
export { loadFreeGuide, type FreeGuide } from "./free-guide";
// The PDF machinery itself, for a document that is not about one plan (a person's data).
export { renderDocumentPdf } from "./pdf";
// How a plan's PDF is answered (the file, or base64 in JSON), for a PDF served by another module.
export { documentAnswer, sendDocument } from "./routes";
