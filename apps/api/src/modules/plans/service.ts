import type {
  CreateGuestPlanBody,
  JourneyDataPayload,
  PlanOptionsResponse,
  PlanResponse,
  SavePlanBody,
} from "@kindred/contracts";
import {
  findById,
  findChoiceProblems,
  hasJourneyData,
  messages,
  planSections,
  priceJourney,
  summarisePrice,
  type JourneyData,
} from "@kindred/domain";
import type { Database } from "../../db/database";
import { ViolationError } from "../../plugins/error-handler";
import type { PlanOptionsService } from "../catalogue/service";
import type { FuneralDirectorService } from "../funeral-directors/service";
import { insertPlan, selectOwnedPlan, selectPlansOf, updateOwnedPlan, type PlanRow } from "./queries";

/** Another visitor's plan and a plan that does not exist look the same, so ids are not confirmed. */
const noSuchPlan = () => new ViolationError([{ propertyPath: "Request", title: "No such plan" }], 404);

/**
 * The journey out of a save body: the topics at its top level, without the save flag, the web
 * app's own state and the second copy of the attendee transport list.
 */
function journeyOf(body: CreateGuestPlanBody): JourneyDataPayload {
  const {
    saveUnfinishedJourney: _saveUnfinishedJourney,
    planningJourneyData: _planningJourneyData,
    planOptionsAttendeesTransportationToTransportationTypes: _attendeeTransportCopy,
    ...journey
  } = body;
  return journey;
}

/**
 * The journey as stored: each attendee car carries the catalogue's name and price, whatever the
 * browser sent, so a plan read back never shows a price nobody charges.
 */
function withCatalogueTransport(journey: JourneyData, catalogue: PlanOptionsResponse): JourneyData {
  const attendees = journey.attendeesTransportation;
  if (!attendees) return journey;
  return {
    ...journey,
    attendeesTransportation: {
      ...attendees,
      selectedTransportationTypes: attendees.selectedTransportationTypes.map((selected) => {
        const option = findById(catalogue.transportationForAttendeesTypes, selected.transportationType.id);
        return option
          ? { ...selected, transportationType: { id: option.id, name: option.name, price: option.price } }
          : selected;
      }),
    },
  };
}

function funeralDirectorIdsOf(journeys: readonly JourneyData[]): number[] {
  return journeys.flatMap((journey) => (journey.funeralDirector ? [journey.funeralDirector.id] : []));
}

function toPlanResponse(
  plan: PlanRow,
  catalogue: PlanOptionsResponse,
  branchNames: ReadonlyMap<number, string>,
): PlanResponse {
  return {
    id: plan.id,
    saveUnfinishedJourney: plan.saveUnfinishedJourney,
    journey: plan.journey as JourneyDataPayload,
    planningJourneyData: plan.planningJourneyData,
    priceData: plan.priceData,
    price: summarisePrice(plan.priceData),
    sections: planSections(plan.journey, catalogue, { funeralDirector: (id) => branchNames.get(id) }).map(
      (line) => ({
        key: line.key,
        step: line.step,
        title: line.title,
        answer: line.answer,
        price: line.price,
        guaranteed: line.guaranteed,
      }),
    ),
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

export interface PlansService {
  createPlan(userId: string, body: CreateGuestPlanBody): Promise<PlanResponse>;
  /** A signed-in customer's new plan: like a save, it needs some journey data. */
  createCustomerPlan(userId: string, body: SavePlanBody): Promise<PlanResponse>;
  savePlan(userId: string, planId: string, body: SavePlanBody): Promise<PlanResponse>;
  getPlan(userId: string, planId: string): Promise<PlanResponse>;
  listPlans(userId: string): Promise<PlanResponse[]>;
}

export function createPlansService({
  db,
  planOptions,
  funeralDirectors,
}: {
  db: Database;
  planOptions: PlanOptionsService;
  funeralDirectors: FuneralDirectorService;
}): PlansService {
  /**
   * Checks every choice against the catalogue and the open branches, and answers 422 with all
   * that are wrong. Returns the chosen branch's name for the plan's sections.
   */
  async function checkChoices(
    journey: JourneyData,
    catalogue: PlanOptionsResponse,
  ): Promise<ReadonlyMap<number, string>> {
    const problems = findChoiceProblems(journey, catalogue);
    const branchNames = await funeralDirectors.activeBranchNames(funeralDirectorIdsOf([journey]));
    if (journey.funeralDirector && !branchNames.has(journey.funeralDirector.id)) {
      problems.push({ propertyPath: "funeralDirector.id", title: messages.optionNotAvailable });
    }
    if (problems.length > 0) throw new ViolationError(problems, 422);
    return branchNames;
  }

  /** What a save stores: the checked journey, priced by the API from the catalogue. */
  async function pricedContent(journey: JourneyData) {
    const catalogue = await planOptions.getPlanOptions();
    const branchNames = await checkChoices(journey, catalogue);
    const stored = withCatalogueTransport(journey, catalogue);
    return { catalogue, branchNames, journey: stored, priceData: priceJourney(stored, catalogue) };
  }

  async function createPlan(userId: string, body: CreateGuestPlanBody): Promise<PlanResponse> {
    const { catalogue, branchNames, journey, priceData } = await pricedContent(journeyOf(body));
    const plan = await insertPlan(db, userId, {
      journey,
      priceData,
      planningJourneyData: body.planningJourneyData ?? null,
      saveUnfinishedJourney: body.saveUnfinishedJourney ?? true,
    });
    return toPlanResponse(plan, catalogue, branchNames);
  }

  return {
    createPlan,

    async createCustomerPlan(userId, body) {
      if (!hasJourneyData(journeyOf(body))) {
        throw new ViolationError([{ propertyPath: "Data", title: messages.nothingToSave }], 400);
      }
      return createPlan(userId, body);
    },

    async savePlan(userId, planId, body) {
      const existing = await selectOwnedPlan(db, planId, userId);
      if (!existing) throw noSuchPlan();
      const submitted = journeyOf(body);
      if (!hasJourneyData(submitted)) {
        throw new ViolationError([{ propertyPath: "Data", title: messages.nothingToSave }], 400);
      }
      const { catalogue, branchNames, journey, priceData } = await pricedContent(submitted);
      const plan = await updateOwnedPlan(db, planId, userId, {
        journey,
        priceData,
        planningJourneyData: body.planningJourneyData ?? existing.planningJourneyData,
        saveUnfinishedJourney: body.saveUnfinishedJourney,
      });
      if (!plan) throw noSuchPlan();
      return toPlanResponse(plan, catalogue, branchNames);
    },

    async getPlan(userId, planId) {
      const plan = await selectOwnedPlan(db, planId, userId);
      if (!plan) throw noSuchPlan();
      const [catalogue, branchNames] = await Promise.all([
        planOptions.getPlanOptions(),
        funeralDirectors.activeBranchNames(funeralDirectorIdsOf([plan.journey])),
      ]);
      return toPlanResponse(plan, catalogue, branchNames);
    },

    async listPlans(userId) {
      const plans = await selectPlansOf(db, userId);
      const [catalogue, branchNames] = await Promise.all([
        planOptions.getPlanOptions(),
        funeralDirectors.activeBranchNames(funeralDirectorIdsOf(plans.map((plan) => plan.journey))),
      ]);
      return plans.map((plan) => toPlanResponse(plan, catalogue, branchNames));
    },
  };
}
