import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  funeralDirectorSearchResponseSchema,
  planOptionsResponseSchema,
  planResponseSchema,
  type PlanOptionsResponse,
  type PlanResponse,
} from "@kindred/contracts";
import {
  findSaveProblems,
  hasJourneyData,
  storedJourney,
  summarisePrice,
  type JourneyData,
} from "@kindred/domain";
import { reachableJourney, tamperedJourney } from "../../../packages/domain/test/support/journey-actions";
import { expectOnItsOwnPath } from "../../../packages/domain/test/support/path-oracle";
import { callApi } from "./support/customers";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The journey's properties through the API: whatever a person does in the browser, the plan the
 * API stores is priced as the browser priced it and its summary adds up; whatever is sent, a
 * plan the API accepts is on its own path.
 */
let testApp: TestApp;
let token: string;
let catalogue: PlanOptionsResponse;
let branchId: number;

const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
  callApi(testApp, token, method, url, payload);

async function readPlan(id: string): Promise<PlanResponse> {
  return planResponseSchema.parse((await call("GET", `/api/plan/${id}`)).json());
}

/** Each generated journey is a new visitor's first plan (a visitor holds at most plansPerPerson plans). */
async function startPlanAsNewVisitor(): Promise<string> {
  token = await testApp.requestApplicationToken();
  return planResponseSchema.parse((await call("POST", "/api/guest/plan", {})).json()).id;
}

/** The generated funeral director ids are made up: the journey's rules cannot know which branch is open. */
function withOpenBranch(journeyData: JourneyData): JourneyData {
  return journeyData.funeralDirector ? { ...journeyData, funeralDirector: { id: branchId } } : journeyData;
}

beforeAll(async () => {
  testApp = await createTestApp();
  token = await testApp.requestApplicationToken();
  catalogue = planOptionsResponseSchema.parse((await call("GET", "/api/plan-options")).json());
  const search = await call("GET", "/api/funeral-director/search?postcode=N1%201AA");
  branchId = funeralDirectorSearchResponseSchema.parse(search.json()).branches[0]!.id;
});
afterAll(() => testApp.close());

describe("plans the API stores", () => {
  it("for any journey a person can make, the API stores the browser's price, and the summary's lines add up to it", async () => {
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(reachableJourney(catalogue), async (state) => {
        const { journeyData, priceData } = storedJourney(state);
        const journey = withOpenBranch(journeyData);
        const id = await startPlanAsNewVisitor();

        const response = await call("PATCH", `/api/plan/${id}`, journey);

        const plan = await readPlan(id);
        if (!hasJourneyData(journey) || findSaveProblems(journey, catalogue).length > 0) {
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(plan.journey).toEqual({});
          return;
        }
        expect(response.statusCode).toBe(200);
        stored += 1;
        const { basic, additional, total } = plan.price;
        expect(plan.priceData).toEqual(priceData);
        expect(total).toBe(summarisePrice(priceData).total);
        expect(total).toBe(basic + additional);
        expect(plan.sections.reduce((sum, section) => sum + section.price, 0)).toBe(total);
      }),
      { numRuns: 40 },
    );
    expect(stored).toBeGreaterThan(0);
  });

  it("a journey the API accepts, however it was made, is on its own path", async () => {
    const outcomes = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(tamperedJourney(catalogue), async (journeyData) => {
        const journey = withOpenBranch(journeyData);
        const id = await startPlanAsNewVisitor();

        const response = await call("PATCH", `/api/plan/${id}`, journey);

        if (response.statusCode !== 200) {
          outcomes.refused += 1;
          expect(response.statusCode).toBeLessThan(500);
          expect((await readPlan(id)).journey).toEqual({});
          return;
        }
        outcomes.accepted += 1;
        expectOnItsOwnPath((await readPlan(id)).journey, catalogue);
      }),
      { numRuns: 60 },
    );
    expect(outcomes.accepted).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});
