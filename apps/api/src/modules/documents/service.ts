import { createHash } from "node:crypto";
import type {
  AcceptLegalDocumentsBody,
  CreateGuestPlanBody,
  LegalDocument,
  LegalDocumentsResponse,
  PlanDocumentType,
  PlanResponse,
} from "@kindred/contracts";
import {
  allLegalDocumentsAccepted,
  isPlanDocument,
  legalDocumentReferences,
  messages,
  publicDocumentFiles,
  publicDocumentsPath,
  type LegalDocumentReference,
} from "@kindred/domain";
import type { Database } from "../../db/database";
import type { PlansService } from "../plans";
import type { LegalDocumentTemplate, LegalLibrary } from "./legal-library";
import { fillPlanSlots, type PlanDocumentFacts } from "./plan-blocks";
import { renderDocumentPdf, type TypeScale } from "./pdf";
import { recordAcceptance, selectAcceptances, withdrawAcceptance } from "./queries";

/** How a document is printed: large print (at least 16 pt) when the person asked for it. */
export interface PrintOptions {
  largePrint: boolean;
}

export interface RenderedDocument {
  fileName: string;
  pdf: Buffer;
}

const documentOfType: Record<PlanDocumentType, LegalDocumentReference> = {
  summary: "plan-summary",
  detail: "plan-details",
};
const typeOfDocument: Partial<Record<LegalDocumentReference, PlanDocumentType>> = {
  "plan-summary": "summary",
  "plan-details": "detail",
};

function scaleFor(reference: LegalDocumentReference, { largePrint }: PrintOptions): TypeScale {
  if (largePrint) return "large";
  return reference === "plan-summary" ? "compact" : "standard";
}

/**
 * The version of a document a person accepts. A fixed document's is its front matter's; a plan
 * document's adds a fingerprint of the priced plan, so any change of answer or price makes it a
 * new document that needs accepting again (issue 9, item 3).
 */
function versionOf(
  template: LegalDocumentTemplate,
  priced: Pick<PlanResponse, "sections" | "price">,
): string {
  if (!isPlanDocument(template.docReference)) return template.version;
  const fingerprint = createHash("sha256")
    .update(JSON.stringify({ sections: priced.sections, price: priced.price }))
    .digest("base64url")
    .slice(0, 16);
  return `${template.version}+${fingerprint}`;
}

export interface DocumentsService {
  legalDocuments(userId: string, planId: string): Promise<LegalDocumentsResponse>;
  acceptLegalDocuments(
    userId: string,
    planId: string,
    body: AcceptLegalDocumentsBody,
  ): Promise<LegalDocumentsResponse>;
  /** Any of the six for one of the holder's plans, as a PDF. */
  planLegalDocumentPdf(
    userId: string,
    planId: string,
    reference: LegalDocumentReference,
    print: PrintOptions,
  ): Promise<RenderedDocument>;
  /** The plan summary or plan details of a plan not saved yet. */
  unsavedPlanDocumentPdf(
    plan: CreateGuestPlanBody,
    type: PlanDocumentType,
    print: PrintOptions,
  ): Promise<RenderedDocument>;
  /** One of the fixed documents anyone may read, by its public file name. */
  publicDocumentPdf(file: string, print: PrintOptions): Promise<RenderedDocument | null>;
}

export function createDocumentsService({
  db,
  plans,
  library,
  now = () => new Date(),
}: {
  db: Database;
  plans: PlansService;
  library: LegalLibrary;
  now?: () => Date;
}): DocumentsService {
  const template = (reference: LegalDocumentReference): LegalDocumentTemplate => {
    const found = library.get(reference);
    if (!found) throw new Error(`No legal document ${reference}`);
    return found;
  };

  function blocksFor(reference: LegalDocumentReference, facts: PlanDocumentFacts | null) {
    return fillPlanSlots(template(reference).blocks, isPlanDocument(reference) ? facts : null, {
      compact: reference === "plan-summary",
    });
  }

  async function render(
    reference: LegalDocumentReference,
    facts: PlanDocumentFacts | null,
    print: PrintOptions,
  ): Promise<RenderedDocument> {
    const { title, fileName } = template(reference);
    const pdf = await renderDocumentPdf({
      title,
      blocks: blocksFor(reference, facts),
      scale: scaleFor(reference, print),
    });
    return { fileName: print.largePrint ? fileName.replace(/\.pdf$/, "-large-print.pdf") : fileName, pdf };
  }

  const factsOf = (plan: PlanResponse): PlanDocumentFacts => ({
    priced: plan,
    reference: plan.id,
    madeAt: now(),
  });

  function fileOf(planId: string, reference: LegalDocumentReference): string {
    if (reference in publicDocumentFiles) {
      return `${publicDocumentsPath}/${publicDocumentFiles[reference as keyof typeof publicDocumentFiles]}`;
    }
    const type = typeOfDocument[reference];
    return type ? `/api/plan/${planId}/document/${type}` : `/api/plan/${planId}/legal/${reference}`;
  }

  async function describe(plan: PlanResponse): Promise<LegalDocumentsResponse> {
    const accepted = new Map((await selectAcceptances(db, plan.id)).map((row) => [row.docReference, row]));
    const facts = factsOf(plan);
    const documents: LegalDocument[] = legalDocumentReferences.map((reference, index) => {
      const { title, fileName } = template(reference);
      const version = versionOf(template(reference), plan);
      const acceptance = accepted.get(reference);
      const current = acceptance?.version === version;
      return {
        docReference: reference,
        accepted: current,
        title,
        file: fileOf(plan.id, reference),
        fileName,
        index,
        version,
        acceptedAt: current && acceptance ? acceptance.acceptedAt.toISOString() : null,
        changedSinceAccepted: acceptance !== undefined && !current,
        notice: acceptance !== undefined && !current ? messages.documentChangedSinceAccepted : null,
        blocks: blocksFor(reference, facts),
      };
    });
    return { documents, allAccepted: allLegalDocumentsAccepted(documents) };
  }

  // Public documents never change while the process runs: each is made once per print size.
  const publicDocuments = new Map<string, Promise<RenderedDocument>>();

  return {
    async legalDocuments(userId, planId) {
      return describe(await plans.getPlan(userId, planId));
    },

    async acceptLegalDocuments(userId, planId, body) {
      const plan = await plans.getPlan(userId, planId);
      await db.transaction(async (tx) => {
        for (const { docReference, accepted } of body.documents) {
          if (accepted)
            await recordAcceptance(tx, plan.id, docReference, versionOf(template(docReference), plan));
          else await withdrawAcceptance(tx, plan.id, docReference);
        }
      });
      return describe(plan);
    },

    async planLegalDocumentPdf(userId, planId, reference, print) {
      const plan = await plans.getPlan(userId, planId);
      return render(reference, factsOf(plan), print);
    },

    async unsavedPlanDocumentPdf(body, type, print) {
      const priced = await plans.priceUnsavedPlan(body);
      return render(documentOfType[type], { priced, reference: null, madeAt: now() }, print);
    },

    async publicDocumentPdf(file, print) {
      const reference = (Object.keys(publicDocumentFiles) as (keyof typeof publicDocumentFiles)[]).find(
        (key) => publicDocumentFiles[key] === file,
      );
      if (!reference) return null;
      const key = `${reference}:${print.largePrint ? "large" : "standard"}`;
      let rendered = publicDocuments.get(key);
      if (!rendered) {
        rendered = render(reference, null, print);
        publicDocuments.set(key, rendered);
        rendered.catch(() => publicDocuments.delete(key));
      }
      return rendered;
    },
  };
}

export { documentOfType };
