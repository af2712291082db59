import type {
  CreateGuestPlanBody,
  CustomerContactDetailsBody,
  PlanPeopleBody,
  PlanPeopleResponse,
  JourneyDataPayload,
  PlanOptionsResponse,
  PlanResponse,
  SavePlanBody,
} from "@kindred/contracts";
import {
  findSaveProblems,
  hasJourneyData,
  type JourneyData,
  messages,
  priceChangeBetween,
  priceJourney,
  pricePlan,
  purchaseMessages,
  type VulnerabilityKind,
  vulnerabilityKinds,
  withCatalogueCars,
} from "@kindred/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { plans, type AgreedPrice } from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import type { PlanOptionsService } from "../catalogue";
import type { FuneralDirectorService } from "../funeral-directors";
import { noSuchPlan } from "./no-such-plan";
import {
  lockPlanPeople,
  selectPlanPeople,
  storePlanPeople,
  updateCustomerContactDetails,
  type PlanPeopleRow,
} from "./people";
import {
  countPlansOf,
  insertPlan,
  lockOwnedPlan,
  selectOwnedPlan,
  selectPlansOf,
  updateOwnedPlan,
  type PlanRow,
} from "./queries";

/**
 * The most plans one person (or one visitor's token) may hold: far more than anyone planning
 * funerals needs, and a bound on what one token can store and what a plan list can weigh.
 */
const plansPerPerson = 20;

/** Two windows saved one plan: the later one, made from an older copy, must not win silently. */
const changedElsewhere = () =>
  new ViolationError([{ propertyPath: "Request", title: messages.planChangedElsewhere }], 412);

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

function funeralDirectorIdsOf(journeys: readonly JourneyData[]): number[] {
  return journeys.flatMap((journey) => (journey.funeralDirector ? [journey.funeralDirector.id] : []));
}

/** A plan's priced view: its price by part, its total and its sections, as answers carry them. */
export type PricedView = Pick<PlanResponse, "priceData" | "price" | "sections">;

/** A journey priced by the one pricing function, as plan answers and plan documents show it. */
function pricedView(
  journey: JourneyData,
  catalogue: PlanOptionsResponse,
  branchNames: ReadonlyMap<number, string>,
): PricedView {
  return inAnswerOrder(pricePlan(journey, catalogue, { funeralDirector: (id) => branchNames.get(id) }));
}

/**
 * A priced view with only the answer's fields, each object's keys in the one order (the documents'
 * versions are made from its JSON, and a stored agreed price comes back from jsonb reordered).
 */
function inAnswerOrder(priced: PricedView): PricedView {
  const { basic, additional, contributions, total } = priced.price;
  return {
    priceData: priced.priceData,
    price: { basic, additional, contributions, total },
    sections: priced.sections.map((line) => ({
      key: line.key,
      step: line.step,
      title: line.title,
      answer: line.answer,
      price: line.price,
      guaranteed: line.guaranteed,
    })),
  };
}

/**
 * A plan as every reader sees it (docs/decisions/008-prices-over-time.md and its amendment): at
 * the price agreed when money was asked for it, which a catalogue change never moves; or, while
 * no money has been asked, priced now from today's catalogue, which is the price that will be
 * charged, with the price it was last saved at when that is different, so the person can be told
 * before they buy.
 */
function toPlanResponse(plan: PlanRow, pricedNow: PricedView): PlanResponse {
  const agreed = plan.agreedPrice;
  const priced = agreed
    ? inAnswerOrder({ priceData: agreed.priceData, price: agreed.price, sections: agreed.sections })
    : pricedNow;
  const change = agreed
    ? null
    : priceChangeBetween(plan.priceData, priced.priceData, plan.updatedAt.toISOString());
  return {
    id: plan.id,
    reference: plan.reference,
    saveUnfinishedJourney: plan.saveUnfinishedJourney,
    journey: plan.journey as JourneyDataPayload,
    planningJourneyData: plan.planningJourneyData,
    ...priced,
    priceChange: change && { savedTotal: change.was, savedAt: plan.updatedAt.toISOString() },
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
    version: plan.version,
  };
}

const noVulnerabilities = Object.fromEntries([
  ...vulnerabilityKinds.map((kind) => [kind, false]),
  ["notes", ""],
]) as Record<VulnerabilityKind, boolean> & { notes: string };

/** The people of a plan as their owner reads them back (the form's own shape, to fill it again). */
function toPlanPeopleResponse(row: PlanPeopleRow | undefined): PlanPeopleResponse {
  if (!row) return { customer: null, coveredPerson: null, nominee: null, payer: null, updatedAt: null };
  return {
    customer: {
      ...row.customer,
      vulnerabilities: row.vulnerabilities ?? noVulnerabilities,
      vulnerabilityConsent: row.vulnerabilityConsentAt !== null,
    },
    coveredPerson: row.coveredPerson,
    nominee: row.nominee,
    payer: row.payer,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * One of the holder's plans read once: as stored (its payment choice, whether it is cancelled),
 * as every reader sees it (priced now, as `getPlan` answers it) and its people (as `getPeople`
 * answers them), so the checks before paying read and price it once.
 */
export interface PlanWithPeople {
  stored: PlanRow;
  plan: PlanResponse;
  people: PlanPeopleResponse;
  /**
   * The plan priced now from today's catalogue, whatever price was agreed before: what a new
   * request for money asks, and fixes with `agreePriceIn`.
   */
  pricedNow: PricedView;
}

/**
 * Fixes the price the customer agrees to pay for a plan, within `transaction` (the one that
 * records the request for money): `pricedNow` (the plan priced at that moment, as
 * `PlanWithPeople` carries it), agreed at `now`. From then the plan is priced from it, never from
 * the catalogue, until a save of the journey clears it (issue 24 item 6; decision 008).
 *
 * Only over the version of the plan that was priced: a save of the journey that landed between
 * the pricing and this transaction (another tab) would otherwise have the old price agreed for
 * the new plan. Then nothing is stored (409), and the person looks at the plan again.
 */
export async function agreePriceIn(
  transaction: Database,
  priced: Pick<PlanRow, "id" | "version">,
  pricedNow: PricedView,
  now: Date,
): Promise<AgreedPrice> {
  const agreedPrice: AgreedPrice = {
    priceData: pricedNow.priceData,
    price: pricedNow.price,
    sections: pricedNow.sections,
    agreedAt: now.toISOString(),
  };
  const updated = await transaction
    .update(plans)
    .set({ agreedPrice })
    .where(and(eq(plans.id, priced.id), eq(plans.version, priced.version)))
    .returning({ id: plans.id });
  if (updated.length > 0) return agreedPrice;
  const [stillThere] = await transaction.select({ id: plans.id }).from(plans).where(eq(plans.id, priced.id));
  if (!stillThere) throw noSuchPlan();
  throw new ViolationError([{ propertyPath: "plan", title: purchaseMessages.planChangedWhilePaying }], 409);
}

/**
 * Whether a plan has an agreed price it no longer costs now: another total, or other sections
 * (an earlier request for money went nowhere, and the catalogue changed since).
 */
export function agreedPriceDiffers(plan: Pick<PlanRow, "agreedPrice">, pricedNow: PricedView): boolean {
  const agreed = plan.agreedPrice;
  if (!agreed) return false;
  const { priceData: _agreedData, ...agreedView } = inAnswerOrder(agreed);
  const { priceData: _nowData, ...nowView } = inAnswerOrder(pricedNow);
  return JSON.stringify(agreedView) !== JSON.stringify(nowView);
}

/** The price agreed for a plan, as answers carry it; null while none has been agreed. */
export function agreedPriceOf(plan: Pick<PlanRow, "agreedPrice">): PricedView | null {
  return plan.agreedPrice && inAnswerOrder(plan.agreedPrice);
}

/**
 * Clears a plan's agreed price within `transaction`: it is priced from today's catalogue again,
 * with the notice of a change, until the next request for money agrees it afresh.
 */
export async function forgetAgreedPriceIn(transaction: Database, planId: string): Promise<void> {
  await transaction.update(plans).set({ agreedPrice: null }).where(eq(plans.id, planId));
}

export interface PlansService {
  createPlan(userId: string, body: CreateGuestPlanBody): Promise<PlanResponse>;
  /** A signed-in customer's new plan: like a save, it needs some journey data. */
  createCustomerPlan(userId: string, body: SavePlanBody): Promise<PlanResponse>;
  /**
   * With `expectedVersion` (the `If-Match` of the request), saves only over that version;
   * otherwise answers 412 and stores nothing.
   */
  savePlan(
    userId: string,
    planId: string,
    body: SavePlanBody,
    expectedVersion?: number,
  ): Promise<PlanResponse>;
  getPlan(userId: string, planId: string): Promise<PlanResponse>;
  /** `getPlan` and `getPeople` together, with the plan as stored: 404 to anyone but the owner, first. */
  getPlanWithPeople(userId: string, planId: string): Promise<PlanWithPeople>;
  /**
   * A journey not yet saved (a visitor's plan documents), checked and priced exactly as a save
   * would price it; nothing is stored. Answers 422 with what is wrong, like a save.
   */
  priceUnsavedPlan(body: CreateGuestPlanBody): Promise<Pick<PlanResponse, "sections" | "price">>;
  listPlans(userId: string): Promise<PlanResponse[]>;
  /** The four people of one of the holder's plans (issue 9 item 4), stored over any before. */
  savePeople(userId: string, planId: string, people: PlanPeopleBody): Promise<PlanPeopleResponse>;
  getPeople(userId: string, planId: string): Promise<PlanPeopleResponse>;
  /**
   * The customer's phone number, address and preferred way of contact (issue 10 item 7): they
   * may change these on a paid plan too, though not on a cancelled one. Nothing else changes.
   */
  changeContactDetails(
    userId: string,
    planId: string,
    contact: CustomerContactDetailsBody,
  ): Promise<PlanPeopleResponse>;
}

/**
 * The customer's contact details changed within `transaction`, whoever asks (the customer, or a
 * member of staff on their behalf): the plan locked, so a cancellation made meanwhile waits for
 * this change or this change sees it; refused on a cancelled plan. `check` sees the people as they
 * were (locked) before anything is written, and may refuse. Answers the people before and after.
 */
export async function changeContactDetailsIn(
  transaction: Database,
  userId: string,
  planId: string,
  contact: CustomerContactDetailsBody,
  check: (before: PlanPeopleRow) => void = () => {},
): Promise<{ before: PlanPeopleRow; after: PlanPeopleRow }> {
  const plan = await lockOwnedPlan(transaction, planId, userId);
  if (!plan) throw noSuchPlan();
  if (plan.cancelledAt) {
    throw new ViolationError(
      [{ propertyPath: "plan", title: purchaseMessages.contactDetailsPlanCancelled }],
      409,
    );
  }
  // No people yet: there are no contact details to change (they come with the purchase).
  const before = await lockPlanPeople(transaction, planId);
  if (!before) throw noSuchPlan();
  check(before);
  const after = await updateCustomerContactDetails(transaction, planId, contact);
  if (!after) throw noSuchPlan();
  return { before, after };
}

export function createPlansService({
  db,
  planOptions,
  funeralDirectors,
  changesRefused = async () => null,
  priceReopenedIn = async () => {},
}: {
  db: Database;
  planOptions: PlanOptionsService;
  funeralDirectors: FuneralDirectorService;
  /** Why a plan may no longer change (it is paid for, or cancelled), or null while it may. */
  changesRefused?: (planId: string) => Promise<string | null>;
  /**
   * What else clearing a plan's agreed price does, in the save's own transaction (the payments
   * module's, wired by the app, as plans know nothing of payments): a card payment opened at that
   * price is cancelled, so it cannot be taken while the plan shows another (decision 008).
   */
  priceReopenedIn?: (transaction: Database, planId: string) => Promise<void>;
}): PlansService {
  async function refuseClosedPlan(planId: string): Promise<void> {
    const refused = await changesRefused(planId);
    if (refused) throw new ViolationError([{ propertyPath: "plan", title: refused }], 409);
  }

  /**
   * Checks the journey against the journey's rules (the catalogue's choices, contributions,
   * cars and the journey's own path) and the open branches, and answers 422 with all that is
   * wrong. Returns the chosen branch's name for the plan's sections.
   */
  async function checkJourney(
    journey: JourneyData,
    catalogue: PlanOptionsResponse,
  ): Promise<ReadonlyMap<number, string>> {
    const problems = findSaveProblems(journey, catalogue).map(({ propertyPath, title }) => ({
      propertyPath,
      title,
    }));
    const branchNames = await funeralDirectors.activeBranchNames(funeralDirectorIdsOf([journey]));
    if (journey.funeralDirector && !branchNames.has(journey.funeralDirector.id)) {
      problems.push({ propertyPath: "funeralDirector.id", title: messages.optionNotAvailable });
    }
    if (problems.length > 0) throw new ViolationError(problems, 422);
    return branchNames;
  }

  /** A stored plan, known to be the reader's, as every reader sees it and as priced now. */
  async function pricedPlan(plan: PlanRow): Promise<{ plan: PlanResponse; pricedNow: PricedView }> {
    const [catalogue, branchNames] = await Promise.all([
      planOptions.getPlanOptions(),
      funeralDirectors.activeBranchNames(funeralDirectorIdsOf([plan.journey])),
    ]);
    const pricedNow = pricedView(plan.journey, catalogue, branchNames);
    return { plan: toPlanResponse(plan, pricedNow), pricedNow };
  }

  /** What a save stores: the checked journey, priced by the API from the catalogue. */
  async function pricedContent(journey: JourneyData) {
    const catalogue = await planOptions.getPlanOptions();
    const stored = withCatalogueCars(journey, catalogue);
    const branchNames = await checkJourney(stored, catalogue);
    return { catalogue, branchNames, journey: stored, priceData: priceJourney(stored, catalogue) };
  }

  async function createPlan(userId: string, body: CreateGuestPlanBody): Promise<PlanResponse> {
    if ((await countPlansOf(db, userId)) >= plansPerPerson) {
      throw new ViolationError(
        [{ propertyPath: "Request", title: messages.tooManyPlans(plansPerPerson) }],
        422,
      );
    }
    const { catalogue, branchNames, journey, priceData } = await pricedContent(journeyOf(body));
    const plan = await insertPlan(db, userId, {
      journey,
      priceData,
      planningJourneyData: body.planningJourneyData ?? null,
      saveUnfinishedJourney: body.saveUnfinishedJourney ?? true,
    });
    return toPlanResponse(plan, pricedView(plan.journey, catalogue, branchNames));
  }

  return {
    createPlan,

    async createCustomerPlan(userId, body) {
      if (!hasJourneyData(journeyOf(body))) {
        throw new ViolationError([{ propertyPath: "Data", title: messages.nothingToSave }], 400);
      }
      return createPlan(userId, body);
    },

    async savePlan(userId, planId, body, expectedVersion) {
      // Asked together (a save is the API's busiest write); "no such plan" still answers first.
      const [existing, refused] = await Promise.all([
        selectOwnedPlan(db, planId, userId),
        changesRefused(planId),
      ]);
      if (!existing) throw noSuchPlan();
      if (expectedVersion !== undefined && existing.version !== expectedVersion) throw changedElsewhere();
      if (refused) throw new ViolationError([{ propertyPath: "plan", title: refused }], 409);
      const submitted = journeyOf(body);
      if (!hasJourneyData(submitted)) {
        throw new ViolationError([{ propertyPath: "Data", title: messages.nothingToSave }], 400);
      }
      const { catalogue, branchNames, journey, priceData } = await pricedContent(submitted);
      const plan = await db.transaction(async (transaction) => {
        // The journey may have changed: its price is worked out again, and fixed again by the
        // next request for money (a paid plan never gets here), and a payment opened at the old
        // price goes with it, in this transaction.
        await priceReopenedIn(transaction, planId);
        const saved = await updateOwnedPlan(
          transaction,
          planId,
          userId,
          {
            journey,
            priceData,
            planningJourneyData: body.planningJourneyData ?? existing.planningJourneyData,
            saveUnfinishedJourney: body.saveUnfinishedJourney,
            agreedPrice: null,
          },
          expectedVersion,
        );
        // Found a moment ago: if it no longer matches, another save came in between.
        if (!saved) throw expectedVersion === undefined ? noSuchPlan() : changedElsewhere();
        return saved;
      });
      return toPlanResponse(plan, pricedView(plan.journey, catalogue, branchNames));
    },

    async getPlan(userId, planId) {
      const plan = await selectOwnedPlan(db, planId, userId);
      if (!plan) throw noSuchPlan();
      return (await pricedPlan(plan)).plan;
    },

    async getPlanWithPeople(userId, planId) {
      const stored = await selectOwnedPlan(db, planId, userId);
      if (!stored) throw noSuchPlan();
      const [{ plan, pricedNow }, people] = await Promise.all([
        pricedPlan(stored),
        selectPlanPeople(db, planId),
      ]);
      return { stored, plan, people: toPlanPeopleResponse(people), pricedNow };
    },

    async priceUnsavedPlan(body) {
      const { catalogue, branchNames, journey } = await pricedContent(journeyOf(body));
      const { sections, price } = pricedView(journey, catalogue, branchNames);
      return { sections, price };
    },

    async savePeople(userId, planId, people) {
      if (!(await selectOwnedPlan(db, planId, userId))) throw noSuchPlan();
      await refuseClosedPlan(planId);
      await storePlanPeople(db, planId, people);
      return toPlanPeopleResponse(await selectPlanPeople(db, planId));
    },

    async changeContactDetails(userId, planId, contact) {
      const { after } = await db.transaction((transaction) =>
        changeContactDetailsIn(transaction, userId, planId, contact),
      );
      return toPlanPeopleResponse(after);
    },

    async getPeople(userId, planId) {
      if (!(await selectOwnedPlan(db, planId, userId))) throw noSuchPlan();
      return toPlanPeopleResponse(await selectPlanPeople(db, planId));
    },

    async listPlans(userId) {
      const plans = await selectPlansOf(db, userId, plansPerPerson);
      const [catalogue, branchNames] = await Promise.all([
        planOptions.getPlanOptions(),
        funeralDirectors.activeBranchNames(funeralDirectorIdsOf(plans.map((plan) => plan.journey))),
      ]);
      return plans.map((plan) => toPlanResponse(plan, pricedView(plan.journey, catalogue, branchNames)));
    },
  };
}
