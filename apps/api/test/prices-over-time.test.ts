import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  planListResponseSchema,
  planOptionsResponseSchema,
  planResponseSchema,
  savedPlanResponseSchema,
  type PlanOptionsResponse,
  type PlanResponse,
} from "@kindred/contracts";
import { chooseAttendance, chooseRemains, initialJourneyState, type JourneyData } from "@kindred/domain";
import { readCatalogueFiles, type CatalogueFiles } from "../src/modules/catalogue/catalogue-files";
import { seedCatalogue } from "../src/modules/catalogue/seed";
import { callApi } from "./support/customers";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * docs/decisions/008-prices-over-time.md: a saved plan is priced from today's catalogue whenever
 * it is read, and says when that is not the price it was saved at. The catalogue is changed the
 * way a release changes it: by seeding new files (each process re-reads it at once here).
 */
let testApp: TestApp;
let token: string;
let files: CatalogueFiles;

const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
  callApi(testApp, token, method, url, payload);

async function planOptions(): Promise<PlanOptionsResponse> {
  return planOptionsResponseSchema.parse((await call("GET", "/api/plan-options")).json());
}

async function readPlan(id: string): Promise<PlanResponse> {
  const response = await call("GET", `/api/plan/${id}`);
  expect(response.statusCode).toBe(200);
  return planResponseSchema.parse(response.json());
}

/** Seeds the catalogue again with one coffin at another price. */
async function priceCoffin(code: string, pricePence: number) {
  const coffins = files.coffins.coffins.map((coffin) =>
    coffin.code === code ? { ...coffin, pricePence } : coffin,
  );
  await seedCatalogue(testApp.db, { ...files, coffins: { ...files.coffins, coffins } });
}

/** An attended cremation with the Windsor coffin, as the journey's rules make it. */
async function cremationWithWindsor(): Promise<JourneyData> {
  const catalogue = await planOptions();
  const code = (options: { id: number; code: string }[], wanted: string) =>
    options.find((option) => option.code === wanted)!.id;
  const attended = chooseAttendance(initialJourneyState(), catalogue, code(catalogue.attendance, "attended"));
  const cremation = chooseRemains(attended, catalogue, code(catalogue.remains, "cremated"));
  return { ...cremation.journeyData, coffin: { id: code(catalogue.coffins, "windsor") } };
}

async function savedPlan(): Promise<PlanResponse> {
  const created = planResponseSchema.parse((await call("POST", "/api/guest/plan", {})).json());
  const response = await call("PATCH", `/api/plan/${created.id}`, await cremationWithWindsor());
  expect(response.statusCode).toBe(200);
  return savedPlanResponseSchema.parse(response.json()).plan;
}

const windsorPrice = () => files.coffins.coffins.find((coffin) => coffin.code === "windsor")!.pricePence;

beforeAll(async () => {
  testApp = await createTestApp({ CATALOGUE_CACHE_SECONDS: 0 });
  token = await testApp.requestApplicationToken();
  files = await readCatalogueFiles(testApp.config.CONTENT_DIR);
});
// Each test leaves the catalogue as the files have it.
afterEach(() => seedCatalogue(testApp.db, files));
afterAll(() => testApp.close());

describe("a saved plan whose prices have changed since it was saved", () => {
  it("is priced at today's prices throughout, and says what it was saved at and when", async () => {
    const saved = await savedPlan();
    expect(saved.priceChange).toBeNull();

    await priceCoffin("windsor", windsorPrice() + 20_00);
    const plan = await readPlan(saved.id);

    expect(plan.price.total).toBe(saved.price.total + 20_00);
    expect(plan.priceData.coffin).toBe(windsorPrice() + 20_00);
    expect(plan.price.total).toBe(plan.price.basic + plan.price.additional);
    expect(plan.sections.reduce((sum, section) => sum + section.price, 0)).toBe(plan.price.total);
    expect(plan.sections.find((section) => section.key === "coffin")?.price).toBe(windsorPrice() + 20_00);
    expect(plan.priceChange).toEqual({ savedTotal: saved.price.total, savedAt: saved.updatedAt });
    const listed = planListResponseSchema.parse((await call("GET", "/api/plan")).json());
    expect(listed.find((candidate) => candidate.id === saved.id)).toEqual(plan);
  });

  it("tells of a price that has come down as well as one that has gone up", async () => {
    const saved = await savedPlan();

    await priceCoffin("windsor", windsorPrice() - 25_00);
    const plan = await readPlan(saved.id);

    expect(plan.price.total).toBe(saved.price.total - 25_00);
    expect(plan.priceChange?.savedTotal).toBe(saved.price.total);
  });

  it("is saved at today's price when saved again, and then has no change to tell", async () => {
    const saved = await savedPlan();
    await priceCoffin("windsor", windsorPrice() + 10_00);

    const response = await call("PATCH", `/api/plan/${saved.id}`, await cremationWithWindsor());

    const resaved = savedPlanResponseSchema.parse(response.json()).plan;
    expect(resaved.price.total).toBe(saved.price.total + 10_00);
    expect(resaved.priceChange).toBeNull();
    expect(await readPlan(saved.id)).toEqual(resaved);
  });

  it("has no change to tell when only prices of things it does not hold have changed", async () => {
    const saved = await savedPlan();

    await priceCoffin("snowdon", 2_000_00);
    const plan = await readPlan(saved.id);

    expect(plan.price).toEqual(saved.price);
    expect(plan.priceChange).toBeNull();
  });
});
