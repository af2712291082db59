import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  planListResponseSchema,
  planResponseSchema,
  savedPlanResponseSchema,
  violationsResponseSchema,
  type FuneralDirectorBranch,
  type JourneyDataPayload,
  type PlanOptionsResponse,
  type PlanResponse,
} from "@kindred/contracts";
import {
  chooseAttendance,
  choosePackage,
  chooseRemains,
  initialJourneyState,
  messages,
  type JourneyData,
} from "@kindred/domain";
import { eq } from "drizzle-orm";
import { funeralDirectorBranches, plans } from "../src/db/schema";
import { insertPlan } from "../src/modules/plans/queries";
import { createSignedInCustomer } from "./support/customers";
import { byCode, catalogueAndBranch, fullJourney as fullJourneyAt } from "./support/journeys";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let ownerToken: string;
let otherToken: string;
let catalogue: PlanOptionsResponse;
let branch: FuneralDirectorBranch;

function request(token: string | null, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function createPlan(token: string, body: Record<string, unknown> = {}): Promise<PlanResponse> {
  const response = await request(token, "POST", "/api/guest/plan", body);
  expect(response.statusCode).toBe(201);
  return planResponseSchema.parse(response.json());
}

async function readPlan(token: string, id: string): Promise<PlanResponse> {
  const response = await request(token, "GET", `/api/plan/${id}`);
  expect(response.statusCode).toBe(200);
  return planResponseSchema.parse(response.json());
}

/** A whole attended cremation, every choice taken from the catalogue the API serves. */
const fullJourney = (): JourneyDataPayload => fullJourneyAt(catalogue, branch.id);

/** What the full journey costs, added up here from the catalogue's prices. */
function expectedPriceData(): Record<string, number> {
  const amounts: Record<string, number> = {
    attendance: byCode(catalogue.attendance, "attended").price,
    "burial-cremation": byCode(catalogue.remains, "cremated").price,
    celebrant: byCode(catalogue.celebrantTypes, "ministerOfficiant").price,
    pallbearers: byCode(catalogue.pallbearerTypes, "nominatingMyOwn").price,
    transportation:
      byCode(catalogue.transportationForTheDeceasedTypes, "hearse").price +
      2 * byCode(catalogue.transportationForAttendeesTypes, "limousine").price,
    coffin: byCode(catalogue.coffins, "windsor").price,
    ashes: byCode(catalogue.ashesTreatmentTypes, "scatteredInGarden").price,
    "pallbearers-contribution": 50_00,
    flowers: 120_50,
  };
  return Object.fromEntries(Object.entries(amounts).filter(([, amount]) => amount !== 0));
}

beforeAll(async () => {
  testApp = await createTestApp();
  ownerToken = await testApp.requestApplicationToken();
  otherToken = await testApp.requestApplicationToken();
  ({ catalogue, branch } = await catalogueAndBranch(testApp, ownerToken));
});
// Each test is its own pair of visitors, so no test leans on the plans another left behind
// (a visitor holds at most plansPerPerson plans).
beforeEach(async () => {
  ownerToken = await testApp.requestApplicationToken();
  otherToken = await testApp.requestApplicationToken();
});
afterAll(() => testApp.close());

describe("POST /api/guest/plan", () => {
  it("starts an empty plan for the visitor, priced at nothing", async () => {
    const plan = await createPlan(ownerToken);

    expect(plan.journey).toEqual({});
    expect(plan.priceData).toEqual({});
    expect(plan.price).toEqual({ basic: 0, additional: 0, contributions: 0, total: 0 });
    expect(plan.sections).toEqual([]);
    expect(plan.saveUnfinishedJourney).toBe(true);
    expect(plan.planningJourneyData).toBeNull();
    expect(await readPlan(ownerToken, plan.id)).toEqual(plan);
  });

  it("gives each plan its own short reference to read out on the phone, kept as the plan is saved", async () => {
    const first = await createPlan(ownerToken);
    const second = await createPlan(ownerToken);

    for (const plan of [first, second]) {
      expect(plan.reference).toMatch(/^KND-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    }
    expect(first.reference).not.toBe(second.reference);
    const saved = await request(ownerToken, "PATCH", `/api/plan/${first.id}`, fullJourney());
    expect(savedPlanResponseSchema.parse(saved.json()).plan.reference).toBe(first.reference);
    expect((await readPlan(ownerToken, first.id)).reference).toBe(first.reference);
  });

  it("draws another reference when the one drawn is already held by a plan", async () => {
    const held = await createPlan(ownerToken);
    const [owner] = await testApp.db
      .select({ userId: plans.userId })
      .from(plans)
      .where(eq(plans.id, held.id));
    const draws = [held.reference, held.reference, "KND-2222-ZZZZ"];

    const plan = await insertPlan(testApp.db, owner!.userId, {}, () => draws.shift() ?? "");

    expect(plan.reference).toBe("KND-2222-ZZZZ");
    expect(draws).toEqual([]);
  });

  it("starts a plan with answers and prices them from the catalogue", async () => {
    const attended = byCode(catalogue.attendance, "attended");

    const plan = await createPlan(ownerToken, {
      attendance: { option: { id: attended.id, code: "attended" } },
      saveUnfinishedJourney: false,
    });

    expect(plan.priceData).toEqual({ attendance: attended.price });
    expect(plan.price.total).toBe(attended.price);
    expect(plan.saveUnfinishedJourney).toBe(false);
  });

  it("refuses a choice the catalogue does not hold, and creates nothing", async () => {
    const before = planListResponseSchema.parse((await request(otherToken, "GET", "/api/plan")).json());

    const response = await request(otherToken, "POST", "/api/guest/plan", { coffin: { id: 999_999 } });

    expect(response.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "coffin.id", title: messages.optionNotAvailable },
    ]);
    const after = planListResponseSchema.parse((await request(otherToken, "GET", "/api/plan")).json());
    expect(after).toHaveLength(before.length);
  });
});

describe("PATCH /api/plan/:id", () => {
  it("saves the journey and answers Saved! with the plan priced by the API", async () => {
    const { id } = await createPlan(ownerToken);
    const planningJourneyData = JSON.stringify({ enabledSteps: ["attendance", "funeral-director"] });

    const response = await request(ownerToken, "PATCH", `/api/plan/${id}`, {
      ...fullJourney(),
      saveUnfinishedJourney: true,
      planningJourneyData,
    });

    expect(response.statusCode).toBe(200);
    const saved = savedPlanResponseSchema.parse(response.json());
    expect(saved.message).toBe("Saved!");
    expect(saved.plan.journey).toEqual(fullJourney());
    expect(saved.plan.planningJourneyData).toBe(planningJourneyData);

    const plan = await readPlan(ownerToken, id);
    expect(plan).toEqual(saved.plan);
    expect(plan.journey).toEqual(fullJourney());
    expect(plan.priceData).toEqual(expectedPriceData());
    const total = Object.values(expectedPriceData()).reduce((sum, amount) => sum + amount, 0);
    const attendance = byCode(catalogue.attendance, "attended").price;
    expect(plan.price).toEqual({
      basic: attendance,
      additional: total - attendance,
      contributions: 50_00 + 120_50,
      total,
    });
  });

  it("lists the plan's sections with the catalogue's names and prices", async () => {
    const { id } = await createPlan(ownerToken);
    await request(ownerToken, "PATCH", `/api/plan/${id}`, fullJourney());

    const { sections } = await readPlan(ownerToken, id);

    const section = (key: string) => sections.find((candidate) => candidate.key === key);
    expect(section("funeralAttendance")).toMatchObject({
      answer: byCode(catalogue.attendance, "attended").name,
      price: byCode(catalogue.attendance, "attended").price,
      guaranteed: true,
    });
    expect(section("funeralDirectorBranch")?.answer).toBe(branch.name);
    expect(section("coffin")).toMatchObject({
      answer: byCode(catalogue.coffins, "windsor").name,
      price: byCode(catalogue.coffins, "windsor").price,
    });
    expect(section("attendeesTransportationOptions")?.price).toBe(
      2 * byCode(catalogue.transportationForAttendeesTypes, "limousine").price,
    );
    expect(section("crematory")?.answer).toBe(catalogue.defaultCrematory.name);
    expect(section("flowerOptions")).toMatchObject({
      answer: "White lilies",
      price: 120_50,
      guaranteed: false,
    });
    expect(section("readingsOptions")?.answer).toBe("Do not stand at my grave and weep");
  });

  it("keeps the attendee transport list's second copy out of the stored journey", async () => {
    const { id } = await createPlan(ownerToken);
    const journey = fullJourney();

    const response = await request(ownerToken, "PATCH", `/api/plan/${id}`, {
      ...journey,
      planOptionsAttendeesTransportationToTransportationTypes:
        journey.attendeesTransportation?.selectedTransportationTypes,
    });

    expect(response.statusCode).toBe(200);
    expect((await readPlan(ownerToken, id)).journey).toEqual(journey);
  });

  it("says there is nothing to save when no topic is answered, and changes nothing", async () => {
    const { id } = await createPlan(ownerToken);
    await request(ownerToken, "PATCH", `/api/plan/${id}`, fullJourney());
    const before = await readPlan(ownerToken, id);

    const response = await request(ownerToken, "PATCH", `/api/plan/${id}`, {
      saveUnfinishedJourney: false,
      planningJourneyData: "{}",
    });

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "Data", title: "You have no data to save, have you made some selections?" },
    ]);
    expect(await readPlan(ownerToken, id)).toEqual(before);
  });

  it("stores each package's journey at the price the package is advertised at", async () => {
    for (const planPackage of catalogue.packages) {
      const { id } = await createPlan(ownerToken);
      const { journeyData } = choosePackage(initialJourneyState(), catalogue, planPackage.id);

      const response = await request(ownerToken, "PATCH", `/api/plan/${id}`, journeyData);

      expect(response.statusCode).toBe(200);
      const plan = await readPlan(ownerToken, id);
      expect(plan.price.total).toBe(planPackage.price);
      expect(plan.sections.reduce((sum, section) => sum + section.price, 0)).toBe(planPackage.price);
    }
  });

  it("prices from the catalogue, whatever prices the browser sends", async () => {
    const { id } = await createPlan(ownerToken);
    const journey = fullJourney();
    const limousine = byCode(catalogue.transportationForAttendeesTypes, "limousine");
    const tamperedJourney: JourneyDataPayload = {
      ...journey,
      attendeesTransportation: {
        notes: "",
        contribution: "0",
        selectedTransportationTypes: [
          { transportationType: { id: limousine.id, name: "Limousine", price: 1 }, quantity: 2 },
        ],
      },
    };
    const fakePlanningJourneyData = JSON.stringify({
      priceData: { attendance: 1, coffin: 0, transportation: 0 },
      pricePlan: { total: 1 },
    });

    const response = await request(ownerToken, "PATCH", `/api/plan/${id}`, {
      ...tamperedJourney,
      planningJourneyData: fakePlanningJourneyData,
    });

    expect(response.statusCode).toBe(200);
    const plan = await readPlan(ownerToken, id);
    expect(plan.priceData).toEqual(expectedPriceData());
    expect(plan.price.total).toBe(
      Object.values(expectedPriceData()).reduce((sum, amount) => sum + amount, 0),
    );
    expect(plan.planningJourneyData).toBe(fakePlanningJourneyData);
    expect(plan.journey.attendeesTransportation?.selectedTransportationTypes).toEqual([
      { transportationType: { id: limousine.id, name: limousine.name, price: limousine.price }, quantity: 2 },
    ]);
  });

  it.each([
    ["an unknown coffin", { coffin: { id: 999_999 } }, "coffin.id"],
    [
      "an attendance id with another option's code",
      () => ({
        attendance: { option: { id: byCode(catalogue.attendance, "attended").id, code: "unattended" } },
      }),
      "attendance.option.id",
    ],
    ["an unknown funeral director", { funeralDirector: { id: 999_999 } }, "funeralDirector.id"],
    [
      "a closed funeral director branch",
      async () => {
        const [inverness] = await testApp.db
          .select({ id: funeralDirectorBranches.id })
          .from(funeralDirectorBranches)
          .where(eq(funeralDirectorBranches.code, "inverness"));
        return { funeralDirector: { id: inverness?.id } };
      },
      "funeralDirector.id",
    ],
    [
      "an unknown attendee car",
      {
        attendeesTransportation: {
          selectedTransportationTypes: [
            { transportationType: { id: 999_999, name: "Bus", price: 0 }, quantity: 1 },
          ],
          notes: "",
          contribution: "0",
        },
      },
      "attendeesTransportation.selectedTransportationTypes[0].transportationType.id",
    ],
    [
      "money for pallbearers the funeral director provides",
      () => ({
        pallbearers: {
          pallbearerType: byCode(catalogue.pallbearerTypes, "providedByYourFuneralDirector").id,
          notes: "Drinks for the bearers",
          contribution: "50",
        },
      }),
      "pallbearers.contribution",
    ],
    [
      "family and friends making their own way twice over",
      () => {
        const ownWay = byCode(catalogue.transportationForAttendeesTypes, "nominatingMyOwn");
        return {
          attendeesTransportation: {
            selectedTransportationTypes: [
              { transportationType: { id: ownWay.id, name: ownWay.name, price: 0 }, quantity: 2 },
            ],
            notes: "",
            contribution: "0",
          },
        };
      },
      "attendeesTransportation.selectedTransportationTypes[0].quantity",
    ],
  ])(
    "refuses %s with a violation naming the field, and saves nothing",
    async (_case, change, propertyPath) => {
      const { id } = await createPlan(ownerToken);
      await request(ownerToken, "PATCH", `/api/plan/${id}`, fullJourney());
      const before = await readPlan(ownerToken, id);
      const changed = typeof change === "function" ? await change() : change;

      const response = await request(ownerToken, "PATCH", `/api/plan/${id}`, {
        ...fullJourney(),
        ...changed,
      });

      expect(response.statusCode).toBe(422);
      const { violations } = violationsResponseSchema.parse(response.json());
      expect(violations.map((violation) => violation.propertyPath)).toEqual([propertyPath]);
      expect(await readPlan(ownerToken, id)).toEqual(before);
    },
  );

  it("lists every wrong choice at once", async () => {
    const { id } = await createPlan(ownerToken);

    const response = await request(ownerToken, "PATCH", `/api/plan/${id}`, {
      coffin: { id: 999_999 },
      funeralDirector: { id: 999_999 },
    });

    expect(response.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual(
      expect.arrayContaining([
        { propertyPath: "coffin.id", title: messages.optionNotAvailable },
        { propertyPath: "funeralDirector.id", title: messages.optionNotAvailable },
      ]),
    );
  });

  it.each([
    ["a word where a number belongs", { coffin: { id: "windsor" } }, "coffin.id"],
    ["a field the journey does not have", { favouriteColour: "blue" }, "favouriteColour"],
    [
      "an attendance code that does not exist",
      { attendance: { option: { id: 1, code: "virtual" } } },
      "attendance.option.code",
    ],
    [
      "more than four cars of one kind",
      {
        attendeesTransportation: {
          selectedTransportationTypes: [
            { transportationType: { id: 1, name: "Limousine", price: 0 }, quantity: 5 },
          ],
          notes: "",
          contribution: "0",
        },
      },
      "attendeesTransportation.selectedTransportationTypes[0].quantity",
    ],
    [
      "a contribution with no notes",
      { flowers: { notes: "", contribution: "40", isContributionStep: true } },
      "flowers.notes",
    ],
    [
      "a contribution that is not money",
      { flowers: { notes: "Roses", contribution: "lots", isContributionStep: true } },
      "flowers.contribution",
    ],
  ])("answers 400 violations, not 500, for %s, and saves nothing", async (_case, change, propertyPath) => {
    const { id } = await createPlan(ownerToken);
    await request(ownerToken, "PATCH", `/api/plan/${id}`, fullJourney());
    const before = await readPlan(ownerToken, id);

    const response = await request(ownerToken, "PATCH", `/api/plan/${id}`, { ...fullJourney(), ...change });

    expect(response.statusCode).toBe(400);
    const { violations } = violationsResponseSchema.parse(response.json());
    expect(violations.map((violation) => violation.propertyPath)).toContain(propertyPath);
    expect(await readPlan(ownerToken, id)).toEqual(before);
  });

  it("answers 400, not 500, for a body that is not JSON", async () => {
    const { id } = await createPlan(ownerToken);

    const response = await testApp.app.inject({
      method: "PATCH",
      url: `/api/plan/${id}`,
      payload: "{not json",
      headers: { authorization: `Bearer ${ownerToken}`, "content-type": "application/json" },
    });

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toHaveLength(1);
  });
});

describe("only plans that can be delivered are stored", () => {
  const kindOfFuneral = (code: string) =>
    chooseAttendance(initialJourneyState(), catalogue, byCode(catalogue.attendance, code).id);
  const withBranch = (journeyData: JourneyData): JourneyDataPayload => ({
    ...journeyData,
    funeralDirector: { id: branch.id },
  });
  const unattended = () => withBranch(kindOfFuneral("unattended").journeyData);
  const privateFarewell = () => withBranch(kindOfFuneral("privateFarewell").journeyData);
  const burial = (): JourneyDataPayload => ({
    ...withBranch(
      chooseRemains(kindOfFuneral("attended"), catalogue, byCode(catalogue.remains, "buried").id).journeyData,
    ),
    burial: { hasBurialPlot: true, notes: "Highgate Cemetery" },
    burialService: { notes: "At the graveside, with a reading by my daughter" },
  });
  const cremationPackage = () => {
    const planPackage = catalogue.packages.find((candidate) => candidate.remains.code === "cremated");
    if (!planPackage) throw new Error("The catalogue has no cremation package");
    return withBranch(choosePackage(initialJourneyState(), catalogue, planPackage.id).journeyData);
  };
  const limousines = (quantity: number): NonNullable<JourneyDataPayload["attendeesTransportation"]> => {
    const limousine = byCode(catalogue.transportationForAttendeesTypes, "limousine");
    return {
      selectedTransportationTypes: [
        { transportationType: { id: limousine.id, name: limousine.name, price: limousine.price }, quantity },
      ],
      notes: "",
      contribution: "0",
    };
  };
  const notPartOfThisFuneral = messages.notPartOfThisFuneral;
  const includedInKindOfFuneral = messages.includedInKindOfFuneral;
  const partOfYourPackage = messages.partOfYourPackage;

  it.each<[string, () => JourneyDataPayload]>([
    ["an unattended funeral", unattended],
    ["a private farewell", privateFarewell],
    ["an attended burial", burial],
    ["an attended cremation", fullJourney],
    ["a package", cremationPackage],
  ])("stores %s made by the journey's rules", async (_case, journey) => {
    const { id } = await createPlan(ownerToken);

    const response = await request(ownerToken, "PATCH", `/api/plan/${id}`, journey());

    expect(response.statusCode).toBe(200);
    expect((await readPlan(ownerToken, id)).journey).toEqual(journey());
  });

  it.each<[string, () => JourneyDataPayload, [string, string][]]>([
    [
      "limousines on an unattended funeral",
      () => ({ ...unattended(), attendeesTransportation: limousines(2) }),
      [["attendeesTransportation", includedInKindOfFuneral]],
    ],
    [
      "a procession on an unattended funeral",
      () => ({ ...unattended(), procession: { personalisedProcession: true, notes: "Past the park" } }),
      [["procession", notPartOfThisFuneral]],
    ],
    [
      "a coffin other than the basic one on an unattended funeral",
      () => ({ ...unattended(), coffin: { id: byCode(catalogue.coffins, "snowdon").id } }),
      [["coffin", includedInKindOfFuneral]],
    ],
    [
      "ashes other than the default on a private farewell",
      () => ({
        ...privateFarewell(),
        ashes: { treatmentType: byCode(catalogue.ashesTreatmentTypes, "keepsakeUrn").id, notes: "" },
      }),
      [["ashes", includedInKindOfFuneral]],
    ],
    [
      "a crematorium on a burial",
      () => ({ ...burial(), crematoria: { id: catalogue.defaultCrematory.id } }),
      [["crematoria", notPartOfThisFuneral]],
    ],
    [
      "ashes on a burial",
      () => ({
        ...burial(),
        ashes: { treatmentType: byCode(catalogue.ashesTreatmentTypes, "simpleContainer").id, notes: "" },
      }),
      [["ashes", notPartOfThisFuneral]],
    ],
    [
      "a burial plot on a cremation",
      () => ({ ...fullJourney(), burial: { hasBurialPlot: true, notes: "" } }),
      [["burial", notPartOfThisFuneral]],
    ],
    [
      "burial or cremation on an unattended funeral",
      () => ({
        ...unattended(),
        burialCremation: { option: { id: byCode(catalogue.remains, "buried").id, code: "buried" } },
      }),
      [["burialCremation", notPartOfThisFuneral]],
    ],
    [
      "a package whose contents differ from the answers sent",
      () => ({
        ...fullJourney(),
        package: { id: catalogue.packages.find((candidate) => candidate.code === "simple")!.id },
      }),
      [
        ["celebrant", partOfYourPackage],
        ["pallbearers", partOfYourPackage],
        ["deceaseTransportation", partOfYourPackage],
        ["attendeesTransportation", partOfYourPackage],
        ["procession", partOfYourPackage],
        ["coffin", partOfYourPackage],
        ["ashes", partOfYourPackage],
      ],
    ],
    [
      "a package's coffin changed",
      () => ({ ...cremationPackage(), coffin: { id: byCode(catalogue.coffins, "snowdon").id } }),
      [["coffin", partOfYourPackage]],
    ],
    [
      "notes added to a step the package chose",
      () => {
        const journey = cremationPackage();
        return { ...journey, celebrant: { celebrant: journey.celebrant!.celebrant, notes: "Reverend Ames" } };
      },
      [["celebrant", partOfYourPackage]],
    ],
  ])("refuses %s, naming what is wrong, and changes nothing", async (_case, journey, expected) => {
    const { id } = await createPlan(ownerToken);
    await request(ownerToken, "PATCH", `/api/plan/${id}`, fullJourney());
    const before = await readPlan(ownerToken, id);

    const response = await request(ownerToken, "PATCH", `/api/plan/${id}`, journey());

    expect(response.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual(
      expected.map(([propertyPath, title]) => ({ propertyPath, title })),
    );
    expect(await readPlan(ownerToken, id)).toEqual(before);
  });

  it("creates no plan for a journey off its path, for a visitor or a customer", async () => {
    const visitorToken = await testApp.requestApplicationToken();
    const customer = await createSignedInCustomer(testApp);
    const offPath = { ...unattended(), attendeesTransportation: limousines(1) };

    const asVisitor = await request(visitorToken, "POST", "/api/guest/plan", offPath);
    const asCustomer = await request(customer.token, "POST", "/api/plan", offPath);

    for (const response of [asVisitor, asCustomer]) {
      expect(response.statusCode).toBe(422);
      expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
        { propertyPath: "attendeesTransportation", title: includedInKindOfFuneral },
      ]);
    }
    for (const token of [visitorToken, customer.token]) {
      expect((await request(token, "GET", "/api/plan")).json()).toEqual([]);
    }
  });
});

describe("who may read and save a plan", () => {
  it("answers 404 to another visitor's token, for reading and for saving, and changes nothing", async () => {
    const { id } = await createPlan(ownerToken);
    await request(ownerToken, "PATCH", `/api/plan/${id}`, fullJourney());
    const before = await readPlan(ownerToken, id);

    const read = await request(otherToken, "GET", `/api/plan/${id}`);
    const save = await request(otherToken, "PATCH", `/api/plan/${id}`, {
      coffin: { id: byCode(catalogue.coffins, "snowdon").id },
    });

    for (const response of [read, save]) {
      expect(response.statusCode).toBe(404);
      expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
        { propertyPath: "Request", title: "No such plan" },
      ]);
    }
    expect(await readPlan(ownerToken, id)).toEqual(before);
  });

  it("answers a plan that does not exist exactly as another visitor's", async () => {
    const response = await request(ownerToken, "GET", "/api/plan/00000000-0000-4000-8000-000000000000");

    expect(response.statusCode).toBe(404);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "Request", title: "No such plan" },
    ]);
  });

  it("answers 400 violations for a plan reference that is not one", async () => {
    const read = await request(ownerToken, "GET", "/api/plan/42");
    const save = await request(ownerToken, "PATCH", "/api/plan/not-a-plan", fullJourney());

    for (const response of [read, save]) {
      expect(response.statusCode).toBe(400);
      expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
        { propertyPath: "id", title: "This is not a plan reference." },
      ]);
    }
  });

  it("lists only the caller's plans, the most recently saved first", async () => {
    const callerToken = await testApp.requestApplicationToken();
    const first = await createPlan(callerToken);
    const second = await createPlan(callerToken);
    const othersPlan = await createPlan(otherToken);
    await request(callerToken, "PATCH", `/api/plan/${first.id}`, fullJourney());

    const response = await request(callerToken, "GET", "/api/plan");

    expect(response.statusCode).toBe(200);
    const plans = planListResponseSchema.parse(response.json());
    expect(plans.map((plan) => plan.id)).toEqual([first.id, second.id]);
    expect(plans.map((plan) => plan.id)).not.toContain(othersPlan.id);
    expect(plans[0]?.priceData).toEqual(expectedPriceData());
  });

  it("answers an empty list to a visitor with no plans", async () => {
    const response = await request(await testApp.requestApplicationToken(), "GET", "/api/plan");

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("refuses every plan call without a token", async () => {
    const { id } = await createPlan(ownerToken);

    const responses = await Promise.all([
      request(null, "POST", "/api/guest/plan", {}),
      request(null, "GET", "/api/plan"),
      request(null, "GET", `/api/plan/${id}`),
      request(null, "PATCH", `/api/plan/${id}`, fullJourney()),
    ]);

    expect(responses.map((response) => response.statusCode)).toEqual([401, 401, 401, 401]);
    expect((await readPlan(ownerToken, id)).journey).toEqual({});
  });
});
