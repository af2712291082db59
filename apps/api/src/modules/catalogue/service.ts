import type {
  CatalogueOption,
  Coffin,
  Crematory,
  JourneyStep,
  PlanOptionsResponse,
  PlanPackage,
} from "@kindred/contracts";
import { planOptionsResponseSchema } from "@kindred/contracts";
import { firstJourneyStepHandle, packagePrice } from "@kindred/domain";
import type { Database } from "../../db/database";
import type { CatalogueOptionKind } from "../../db/schema";
import { selectCatalogue, type CatalogueRows } from "./queries";

type OptionRow = CatalogueRows["options"][number];

function toCatalogueOption(row: OptionRow): CatalogueOption {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    price: row.pricePence,
    isDefault: row.isDefault,
    visible: row.visible,
  };
}

/** Builds `GET /api/plan-options` from the stored catalogue. */
export function buildPlanOptions(rows: CatalogueRows): PlanOptionsResponse {
  const ofKind = (kind: CatalogueOptionKind) => rows.options.filter((row) => row.kind === kind);
  const optionsOf = (kind: CatalogueOptionKind) => ofKind(kind).map(toCatalogueOption);
  const findOption = (kind: CatalogueOptionKind, code: string) => {
    const row = ofKind(kind).find((candidate) => candidate.code === code);
    if (!row) throw new Error(`Catalogue has no ${kind} with code ${code}`);
    return { id: row.id, code: row.code, name: row.name, price: row.pricePence };
  };

  const collections = rows.collections.map(({ code, name }) => ({ code, name }));
  const coffins: Coffin[] = ofKind("coffin").map((row) => ({
    ...toCatalogueOption(row),
    collection: collections.find((collection) => collection.code === row.collectionCode) ?? {
      code: row.collectionCode ?? "",
      name: "",
    },
    imageUrl: `${row.imagePath}?width={width}&height={height}`,
    imageAlt: row.imageAlt ?? "",
  }));

  const crematoriaList: Crematory[] = rows.crematoria.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    coordinate: row.coordinate,
    isDefault: row.isDefault,
  }));
  const defaultCrematory = crematoriaList.find((crematory) => crematory.isDefault);
  if (!defaultCrematory) throw new Error("Catalogue has no default crematory");

  const packagesWithoutPrices = rows.packages.map((row): PlanPackage => {
    const { contents } = row;
    const crematory = contents.crematorium
      ? crematoriaList.find((candidate) => candidate.code === contents.crematorium)
      : null;
    if (crematory === undefined) throw new Error(`Package ${row.code} names unknown crematorium`);
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      description: row.description,
      visible: row.visible,
      price: 0,
      attendance: findOption("attendance", contents.attendance),
      remains: findOption("remains", contents.remains),
      ashes: contents.ashesTreatment ? findOption("ashesTreatment", contents.ashesTreatment) : null,
      celebrant: findOption("celebrant", contents.celebrant),
      coffin: findOption("coffin", contents.coffin),
      deceaseTransportation: findOption("deceasedTransport", contents.deceaseTransportation),
      pallbearers: findOption("pallbearer", contents.pallbearers),
      crematory: crematory && { id: crematory.id, code: crematory.code, name: crematory.name },
      attendeesTransportation: contents.attendeesTransportation.map(({ code, quantity }) => ({
        transportationType: findOption("attendeeTransport", code),
        quantity,
      })),
    };
  });

  const steps: JourneyStep[] = rows.steps.map((row) => ({
    handle: row.handle,
    name: row.name,
    title: row.title,
    description: row.description,
    path: row.path,
    prefilled: false,
    enabled: row.handle === firstJourneyStepHandle,
    visited: false,
    completed: false,
    edited: false,
    questions: row.questions,
  }));

  const storedTerms = rows.paymentTerms;
  if (!storedTerms) throw new Error("Catalogue has no payment terms: run the seed");
  const paymentTerms = {
    depositChoices: storedTerms.depositChoicesPence,
    terms: storedTerms.terms.map(({ months, chargePence }) => ({ months, charge: chargePence })),
    minimumInstalment: storedTerms.minimumInstalmentPence,
    moratoriumMonths: storedTerms.moratoriumMonths,
    referral: { reward: storedTerms.referral.rewardPence, description: storedTerms.referral.description },
  };

  const priced = (packages: PlanPackage[]): PlanOptionsResponse => ({
    attendance: optionsOf("attendance"),
    remains: optionsOf("remains"),
    celebrantTypes: optionsOf("celebrant"),
    pallbearerTypes: optionsOf("pallbearer"),
    ashesTreatmentTypes: optionsOf("ashesTreatment"),
    transportationForTheDeceasedTypes: optionsOf("deceasedTransport"),
    transportationForAttendeesTypes: optionsOf("attendeeTransport"),
    flowerArrangements: optionsOf("flowerArrangement"),
    coffins,
    coffinCollections: collections,
    contactMethods: ofKind("contactMethod").map((row) => ({ id: row.id, handle: row.code, name: row.name })),
    packages,
    crematoria: crematoriaList,
    defaultCrematory,
    steps,
    paymentTerms,
  });
  // A package costs what the journey it prefills costs, priced like any other journey.
  const unpriced = priced(packagesWithoutPrices);
  return priced(
    packagesWithoutPrices.map((planPackage) => ({
      ...planPackage,
      price: packagePrice(unpriced, planPackage.id),
    })),
  );
}

/** The plan options as sent: checked against the contract and serialised once per catalogue. */
interface PlanOptionsDocument {
  value: PlanOptionsResponse;
  json: string;
}

/** The catalogue as the journey chooses from it; it satisfies the domain's `JourneyCatalogue`. */
export interface PlanOptionsService {
  getPlanOptions(): Promise<PlanOptionsResponse>;
  /** The same, ready to send: `GET /api/plan-options` serialises nothing per request. */
  getPlanOptionsDocument(): Promise<PlanOptionsDocument>;
}

/**
 * The catalogue changes only when the seed runs (at start), so each process keeps the built
 * answer for a short while instead of reading five tables on every visitor's first page. The
 * answer is checked against the contract and serialised when it is built, not per request; a
 * catalogue that has not changed gives the same JSON, so the same ETag.
 */
export function createPlanOptionsService(db: Database, { maxAgeMs = 30_000 } = {}): PlanOptionsService {
  let cached: { document: PlanOptionsDocument; builtAt: number } | undefined;
  async function document(): Promise<PlanOptionsDocument> {
    if (cached && Date.now() - cached.builtAt < maxAgeMs) return cached.document;
    const value = planOptionsResponseSchema.parse(buildPlanOptions(await selectCatalogue(db)));
    cached = { document: { value, json: JSON.stringify(value) }, builtAt: Date.now() };
    return cached.document;
  }
  return {
    getPlanOptions: async () => (await document()).value,
    getPlanOptionsDocument: document,
  };
}
