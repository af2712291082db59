import { legalDocumentReferences, postedDocumentFormats, purchaseMessages } from "@kindred/domain";
import { z } from "zod";
import { createGuestPlanBodySchema } from "./plan";

/**
 * A legal document's text as blocks (docs/decisions/012-legal-documents.md): made once from
 * Markdown, shown as HTML on the documents screen and drawn into the PDF, so both say the same.
 */
const legalDocumentInlineSchema = z.object({
  text: z.string(),
  strong: z.boolean().optional(),
  emphasis: z.boolean().optional(),
  href: z.string().optional(),
});
export type LegalDocumentInline = z.infer<typeof legalDocumentInlineSchema>;

const legalDocumentBlockSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("heading"),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    text: z.string(),
  }),
  z.object({ kind: z.literal("paragraph"), content: z.array(legalDocumentInlineSchema) }),
  z.object({
    kind: z.literal("list"),
    ordered: z.boolean(),
    items: z.array(z.array(legalDocumentInlineSchema)),
  }),
  z.object({
    kind: z.literal("table"),
    caption: z.string().optional(),
    header: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    /** A closing row set apart, such as a total. */
    footer: z.array(z.string()).optional(),
  }),
]);
export type LegalDocumentBlock = z.infer<typeof legalDocumentBlockSchema>;

export const legalDocumentReferenceSchema = z.enum(legalDocumentReferences, purchaseMessages.unknownDocument);

/**
 * The front matter every file in content/legal starts with, read by the API (the documents and
 * their PDFs) and by the web site (the fixed documents as pages, /terms).
 */
export const legalDocumentFrontMatterSchema = z.strictObject({
  docReference: legalDocumentReferenceSchema,
  title: z.string().min(2),
  version: z.string().min(1),
  fileName: z.string().regex(/^[a-z0-9-]+\.pdf$/),
});

/** One of the six, as `GET /api/plan/{id}/legal` answers it (SPEC.md section 3's fields first). */
const legalDocumentSchema = z.object({
  docReference: legalDocumentReferenceSchema,
  accepted: z.boolean(),
  title: z.string(),
  /** Where its PDF is: a public document's address, or the plan's own document call. */
  file: z.string(),
  fileName: z.string(),
  /** Its tab on the documents screen, 0 to 5. */
  index: z.number().int().min(0).max(5),
  /** The version the person is asked to accept now. */
  version: z.string(),
  /** When the person accepted this version; null when it is not accepted. */
  acceptedAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * Set when an earlier acceptance no longer counts because the plan changed (the plan summary
   * and plan details), so the screen can say why.
   */
  changedSinceAccepted: z.boolean(),
  /** What the screen tells the person about this document now, such as why it needs accepting again. */
  notice: z.string().nullable(),
  blocks: z.array(legalDocumentBlockSchema),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/**
 * When the customer asked for their documents in braille or on audio CD: which, and what the
 * screen tells them happens next. Null otherwise, and before their details are given.
 */
const alternativeDocumentFormatSchema = z.object({
  kind: z.enum(postedDocumentFormats),
  message: z.string(),
});
export type AlternativeDocumentFormat = z.infer<typeof alternativeDocumentFormatSchema>;

export const legalDocumentsResponseSchema = z.object({
  documents: z.array(legalDocumentSchema),
  /** SPEC.md section 5: true only when all six are accepted. */
  allAccepted: z.boolean(),
  alternativeFormat: alternativeDocumentFormatSchema.nullable(),
});
export type LegalDocumentsResponse = z.infer<typeof legalDocumentsResponseSchema>;

/** `PUT /api/plan/{id}/legal`: some or all of the six, each accepted or not. */
export const acceptLegalDocumentsBodySchema = z
  .strictObject({
    documents: z
      .array(z.strictObject({ docReference: legalDocumentReferenceSchema, accepted: z.boolean() }))
      .min(1)
      .max(legalDocumentReferences.length),
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.documents.forEach((document, index) => {
      if (seen.has(document.docReference)) {
        context.addIssue({
          code: "custom",
          path: ["documents", index, "docReference"],
          message: purchaseMessages.documentListedTwice,
        });
      }
      seen.add(document.docReference);
    });
  });
export type AcceptLegalDocumentsBody = z.infer<typeof acceptLegalDocumentsBodySchema>;

export const planDocumentTypeSchema = z.enum(["summary", "detail"]);
export type PlanDocumentType = z.infer<typeof planDocumentTypeSchema>;

/**
 * The plan documents' query: `encode=base64` answers the PDF as base64 in JSON (SPEC.md section 7
 * item 8); `print=large` asks for large print (at least 16 pt) whatever the plan holds.
 */
export const planDocumentQuerySchema = z.strictObject({
  encode: z.literal("base64").optional(),
  print: z.enum(["standard", "large"]).optional(),
});
export type PlanDocumentQuery = z.infer<typeof planDocumentQuerySchema>;

export const planDocumentBase64ResponseSchema = z.object({
  fileName: z.string(),
  contentType: z.literal("application/pdf"),
  /** The PDF, base64-encoded. */
  file: z.string(),
});
export type PlanDocumentBase64Response = z.infer<typeof planDocumentBase64ResponseSchema>;

/** `POST /api/guest/plan/documents/summary|detail`: a plan not yet saved. */
export const guestPlanDocumentBodySchema = z.strictObject({ plan: createGuestPlanBodySchema });

/** `GET /public-documents/{file}`: a name such as `terms.pdf` (see `publicDocumentFiles`). */
export const publicDocumentParamsSchema = z.object({ file: z.string().max(100) });
