import { createHash } from "node:crypto";
import type {
  AcceptLegalDocumentsBody,
  AlternativeDocumentFormat,
  CreateGuestPlanBody,
  LegalDocument,
  LegalDocumentsResponse,
  PlanDocumentQuery,
  PlanDocumentType,
  PlanResponse,
} from "@kindred/contracts";
import {
  type AccessibilitySupport,
  allLegalDocumentsAccepted,
  isPlanDocument,
  isPostedDocumentFormat,
  type LegalDocumentReference,
  legalDocumentReferences,
  type PaymentChoice,
  paymentChoiceProblems,
  paymentSchedule,
  type PaymentSchedule,
  type PaymentTerms,
  type Pence,
  postedDocumentsMessage,
  publicDocumentFiles,
  publicDocumentsPath,
  purchaseMessages,
  ukToday,
} from "@kindred/domain";
import type { Database } from "../../db/database";
import type { PlansService, PlanWithPeople } from "../plans";
import { documentPeopleOf, type CoveredPersonFacts, type DocumentPeople } from "./document-people";
import type { LegalDocumentTemplate, LegalLibrary } from "./legal-library";
import type { TemplateBlock } from "./markdown-blocks";
import { fillPlanSlots, type PlanDocumentFacts } from "./plan-blocks";
import { renderDocumentPdf, type TypeScale } from "./pdf";
import { recordAcceptance, selectAcceptances, withdrawAcceptance } from "./queries";

/** How a document is printed: large print (at least 16 pt) or standard. */
interface PrintOptions {
  largePrint: boolean;
}

/** The print a call asks for (`?print=`); none leaves it to what the person asked for. */
type PrintRequest = PlanDocumentQuery["print"];

/**
 * The print a document comes in: what the call asks for, or else what the customer asked for in
 * their details (large print when they said so), so anyone may still ask for either.
 */
function printFor(requested: PrintRequest, support: AccessibilitySupport = "none"): PrintOptions {
  return { largePrint: (requested ?? (support === "large_print" ? "large" : "standard")) === "large" };
}

function fileNameFor(
  { fileName }: Pick<LegalDocumentTemplate, "fileName">,
  { largePrint }: PrintOptions,
): string {
  return largePrint ? fileName.replace(/\.pdf$/, "-large-print.pdf") : fileName;
}

/** What the person is told when their documents are to be posted in braille or on audio CD. */
function alternativeFormatFor(support: AccessibilitySupport): AlternativeDocumentFormat | null {
  return isPostedDocumentFormat(support) ? { kind: support, message: postedDocumentsMessage(support) } : null;
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
 * document's adds a fingerprint of the priced plan and of who it is for, so any change of answer,
 * price or person covered makes it a new document that needs accepting again (issue 9, item 3).
 */
function versionOf(
  template: LegalDocumentTemplate,
  priced: Pick<PlanResponse, "sections" | "price">,
  coveredPerson: CoveredPersonFacts | null,
): string {
  if (!isPlanDocument(template.docReference)) return template.version;
  const { sections, price } = priced;
  // Before anyone is named, the fingerprint is the priced plan's alone, as it always was.
  const facts = coveredPerson ? { sections, price, coveredPerson } : { sections, price };
  const fingerprint = createHash("sha256").update(JSON.stringify(facts)).digest("base64url").slice(0, 16);
  return `${template.version}+${fingerprint}`;
}

/**
 * Whether an acceptance still counts for the document as it stands. The documents are accepted
 * before the people are given (SPEC.md: documents, then the purchase pages), so an acceptance of
 * the document that named nobody, and said who it is for is added before paying, still counts
 * once they are added. Once a document naming someone is accepted, any change to who it names,
 * like any change to the plan, asks for it again (docs/decisions/012-legal-documents.md).
 */
function stillAccepted(
  acceptedVersion: string,
  template: LegalDocumentTemplate,
  priced: Pick<PlanResponse, "sections" | "price">,
  coveredPerson: CoveredPersonFacts | null,
): boolean {
  return (
    acceptedVersion === versionOf(template, priced, coveredPerson) ||
    (coveredPerson !== null && acceptedVersion === versionOf(template, priced, null))
  );
}

export interface DocumentsService {
  legalDocuments(userId: string, planId: string): Promise<LegalDocumentsResponse>;
  /** The same, for a plan its owner has read already (`getPlanWithPeople`): it is not read again. */
  legalDocumentsOf(owned: PlanWithPeople): Promise<LegalDocumentsResponse>;
  acceptLegalDocuments(
    userId: string,
    planId: string,
    body: AcceptLegalDocumentsBody,
  ): Promise<LegalDocumentsResponse>;
  /**
   * Any of the six for one of the holder's plans, as a PDF: in large print when the call asks
   * for it, or when it does not say and the customer asked for large print in their details.
   */
  planLegalDocumentPdf(
    userId: string,
    planId: string,
    reference: LegalDocumentReference,
    print: PrintRequest,
  ): Promise<RenderedDocument>;
  /** The plan summary or plan details of a plan not saved yet. */
  unsavedPlanDocumentPdf(
    plan: CreateGuestPlanBody,
    type: PlanDocumentType,
    print: PrintRequest,
  ): Promise<RenderedDocument>;
  /** One of the fixed documents anyone may read, by its public file name. */
  publicDocumentPdf(file: string, print: PrintRequest): Promise<RenderedDocument | null>;
  /**
   * A document another module writes about one of the holder's plans (the plan statement): its
   * blocks, each slot filled from the plan as the plan details fill it (the choices and their
   * prices from the one pricing function, who the plan is for), in the customer's print as
   * `planLegalDocumentPdf` chooses it.
   */
  planWrittenDocumentPdf(
    userId: string,
    planId: string,
    written: WrittenPlanDocument,
    print: PrintRequest,
  ): Promise<RenderedDocument>;
}

/** How a plan is being bought, as the payments module keeps it: its choice, and when it was bought. */
export interface PlanPurchase {
  /** How the customer chose to pay; null until they have. */
  choice: PaymentChoice | null;
  /** When the plan was bought (its contract date); null while it is not. */
  boughtAt: Date | null;
  /** The monthly collections asked of its Direct Debit, once it is set up; empty before. */
  collections: PaymentSchedule["instalments"];
}

/**
 * The schedule of a plan's chosen way of paying, worked out as the payments module works it out
 * (the domain's `paymentSchedule` over the plan's price and the catalogue's terms, from today),
 * with the dates and amounts of the collections themselves once the Direct Debit is set up; null
 * with no choice, or with one the price no longer allows.
 */
function scheduleOf(
  price: Pence,
  { choice, collections }: PlanPurchase,
  terms: PaymentTerms,
  now: Date,
): PaymentSchedule | null {
  if (!choice || price <= 0) return null;
  const problems = paymentChoiceProblems(price, choice, terms);
  if (problems.deposit || problems.months) return null;
  const schedule = paymentSchedule(price, choice, terms, ukToday(now));
  return collections.length > 0 ? { ...schedule, instalments: [...collections] } : schedule;
}

/** A plan's document written outside the legal library: its title, file name and blocks with slots. */
export interface WrittenPlanDocument {
  title: string;
  fileName: string;
  blocks: readonly TemplateBlock[];
  /**
   * Written to fit on one side of A4 in type of 11 pt or more (the plan statement, FPCOB 9 Annex
   * 3). Large print, which a customer asks for, runs on to as many pages as it needs.
   */
  oneSide?: boolean;
}

export function createDocumentsService({
  db,
  plans,
  library,
  appliedReferralOf,
  purchaseOf,
  paymentTerms,
  now = () => new Date(),
}: {
  db: Database;
  plans: PlansService;
  library: LegalLibrary;
  /**
   * The referral code applied to a plan and what it gives (the referrals module's), for the plan
   * details. It changes no price, so it is not part of a document's version: applying a code after
   * the documents were accepted does not ask for them again.
   */
  appliedReferralOf: (planId: string) => Promise<PlanDocumentFacts["referral"]>;
  /**
   * How a plan is being bought (the payments module's): given from outside, as payments use this
   * module. The schedule it gives is not part of a document's version either: it is shown once a
   * way of paying is chosen, after the documents are accepted.
   */
  purchaseOf: (planId: string) => Promise<PlanPurchase>;
  /** The deposits, terms and instalment charges the catalogue offers. */
  paymentTerms: () => Promise<PaymentTerms>;
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
    const { title } = template(reference);
    const pdf = await renderDocumentPdf({
      title,
      blocks: blocksFor(reference, facts),
      scale: scaleFor(reference, print),
    });
    return { fileName: fileNameFor(template(reference), print), pdf };
  }

  const factsOf = (
    plan: PlanResponse,
    people: DocumentPeople,
    referral: PlanDocumentFacts["referral"],
    purchase: Pick<PlanDocumentFacts, "schedule" | "boughtAt">,
  ): PlanDocumentFacts => ({
    priced: plan,
    reference: plan.reference,
    madeAt: now(),
    coveredPerson: people.coveredPerson,
    referral,
    ...purchase,
  });

  /**
   * A plan with its people, read by the plans module, which answers 404 to anyone but the owner,
   * and the referral code applied to it (asked for once the plan is known to be theirs).
   */
  async function planWithPeople(userId: string, planId: string) {
    return documentFactsOf(await plans.getPlanWithPeople(userId, planId));
  }

  /**
   * A plan and its people as the documents name them, with the referral code applied to it, and
   * how it is paid for and whether it is bought.
   */
  async function documentFactsOf({ plan, people }: PlanWithPeople) {
    const purchase = await purchaseOf(plan.id);
    return {
      plan,
      people: documentPeopleOf(people),
      referral: await appliedReferralOf(plan.id),
      purchase: {
        schedule: scheduleOf(plan.price.total, purchase, await paymentTerms(), now()),
        boughtAt: purchase.boughtAt,
      },
    };
  }

  async function legalDocumentsOf(owned: PlanWithPeople): Promise<LegalDocumentsResponse> {
    const { plan, people, referral, purchase } = await documentFactsOf(owned);
    return describe(plan, people, referral, purchase);
  }

  /**
   * Where the screen downloads a document. The plan's own follow the customer's print on their
   * own; a public one is asked for in large print when that is what the customer wants.
   */
  function fileOf(planId: string, reference: LegalDocumentReference, { largePrint }: PrintOptions): string {
    if (reference in publicDocumentFiles) {
      const file = publicDocumentFiles[reference as keyof typeof publicDocumentFiles];
      return `${publicDocumentsPath}/${file}${largePrint ? "?print=large" : ""}`;
    }
    const type = typeOfDocument[reference];
    return type ? `/api/plan/${planId}/document/${type}` : `/api/plan/${planId}/legal/${reference}`;
  }

  async function describe(
    plan: PlanResponse,
    people: DocumentPeople,
    referral: PlanDocumentFacts["referral"],
    purchase: Pick<PlanDocumentFacts, "schedule" | "boughtAt">,
  ): Promise<LegalDocumentsResponse> {
    const accepted = new Map((await selectAcceptances(db, plan.id)).map((row) => [row.docReference, row]));
    const facts = factsOf(plan, people, referral, purchase);
    const print = printFor(undefined, people.support);
    const documents: LegalDocument[] = legalDocumentReferences.map((reference, index) => {
      const { title } = template(reference);
      const version = versionOf(template(reference), plan, people.coveredPerson);
      const acceptance = accepted.get(reference);
      const current =
        acceptance !== undefined &&
        stillAccepted(acceptance.version, template(reference), plan, people.coveredPerson);
      return {
        docReference: reference,
        accepted: current,
        title,
        file: fileOf(plan.id, reference, print),
        fileName: fileNameFor(template(reference), print),
        index,
        version,
        acceptedAt: current && acceptance ? acceptance.acceptedAt.toISOString() : null,
        changedSinceAccepted: acceptance !== undefined && !current,
        notice: acceptance !== undefined && !current ? purchaseMessages.documentChangedSinceAccepted : null,
        blocks: blocksFor(reference, facts),
      };
    });
    return {
      documents,
      allAccepted: allLegalDocumentsAccepted(documents),
      alternativeFormat: alternativeFormatFor(people.support),
    };
  }

  // Public documents never change while the process runs: each is made once per print size.
  const publicDocuments = new Map<string, Promise<RenderedDocument>>();

  return {
    legalDocuments: async (userId, planId) => legalDocumentsOf(await plans.getPlanWithPeople(userId, planId)),
    legalDocumentsOf,

    async acceptLegalDocuments(userId, planId, body) {
      const { plan, people, referral, purchase } = await planWithPeople(userId, planId);
      await db.transaction(async (tx) => {
        for (const { docReference, accepted } of body.documents) {
          const version = versionOf(template(docReference), plan, people.coveredPerson);
          if (accepted) await recordAcceptance(tx, plan.id, docReference, version);
          else await withdrawAcceptance(tx, plan.id, docReference);
        }
      });
      return describe(plan, people, referral, purchase);
    },

    async planLegalDocumentPdf(userId, planId, reference, print) {
      const { plan, people, referral, purchase } = await planWithPeople(userId, planId);
      return render(reference, factsOf(plan, people, referral, purchase), printFor(print, people.support));
    },

    async unsavedPlanDocumentPdf(body, type, print) {
      const priced = await plans.priceUnsavedPlan(body);
      return render(
        documentOfType[type],
        // Nobody is named in a plan not saved yet: the document says they are added before paying.
        {
          priced,
          reference: null,
          madeAt: now(),
          coveredPerson: null,
          referral: null,
          schedule: null,
          boughtAt: null,
        },
        printFor(print),
      );
    },

    async planWrittenDocumentPdf(userId, planId, written, requested) {
      const { plan, people, referral, purchase } = await planWithPeople(userId, planId);
      const print = printFor(requested, people.support);
      const pdf = await renderDocumentPdf({
        title: written.title,
        blocks: fillPlanSlots(written.blocks, factsOf(plan, people, referral, purchase)),
        scale: print.largePrint ? "large" : written.oneSide ? "sheet" : "standard",
      });
      return { fileName: fileNameFor(written, print), pdf };
    },

    async publicDocumentPdf(file, requested) {
      const print = printFor(requested);
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
