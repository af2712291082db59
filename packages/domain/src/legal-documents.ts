/**
 * The six documents a person reads and accepts before buying a plan (SPEC.md sections 2 and 3),
 * in the order of the documents screen's tabs, 0 to 5.
 */
export const legalDocumentReferences = [
  "terms-and-conditions",
  "plan-summary",
  "plan-details",
  "initial-disclosure-document",
  "guaranteed-costs-and-contributions-explained",
  "plan-continuity",
] as const;
export type LegalDocumentReference = (typeof legalDocumentReferences)[number];

/** The two documents made from the person's own plan; the other four are the same for everyone. */
const planDocumentReferences = [
  "plan-summary",
  "plan-details",
] as const satisfies readonly LegalDocumentReference[];
export type PlanDocumentReference = (typeof planDocumentReferences)[number];

export function isPlanDocument(reference: LegalDocumentReference): reference is PlanDocumentReference {
  return (planDocumentReferences as readonly string[]).includes(reference);
}

/** The fixed documents anyone may read before starting, as PDFs under /public-documents/. */
export const publicDocumentFiles = {
  "initial-disclosure-document": "disclosure.pdf",
  "terms-and-conditions": "terms.pdf",
  "guaranteed-costs-and-contributions-explained": "costs-explained.pdf",
} as const satisfies Partial<Record<LegalDocumentReference, string>>;

/** Where a public document is served, on the web site and the API alike. */
export const publicDocumentsPath = "/public-documents";

/** SPEC.md section 5: the set is valid only if all six are accepted. */
export function allLegalDocumentsAccepted(
  documents: readonly { docReference: string; accepted: boolean }[],
): boolean {
  return legalDocumentReferences.every((reference) =>
    documents.some((document) => document.docReference === reference && document.accepted),
  );
}
