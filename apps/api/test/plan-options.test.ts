import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planOptionsResponseSchema, type PlanOptionsResponse } from "@kindred/contracts";
import {
  choosePackage,
  initialJourneyState,
  journeyStepHandles,
  journeyStepLabels,
  messages,
  summarisePrice,
  type JourneyStepHandle,
} from "@kindred/domain";
import { repositoryRoot } from "../src/config";
import { readCatalogueFiles } from "../src/modules/catalogue/catalogue-files";
import { selectCatalogue } from "../src/modules/catalogue/queries";
import { seedCatalogue } from "../src/modules/catalogue/seed";
import { buildPlanOptions } from "../src/modules/catalogue/service";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let planOptions: PlanOptionsResponse;

async function fetchPlanOptions(): Promise<PlanOptionsResponse> {
  const token = await testApp.requestApplicationToken();
  const response = await testApp.app.inject({
    method: "GET",
    url: "/api/plan-options",
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return planOptionsResponseSchema.parse(response.json());
}

beforeAll(async () => {
  testApp = await createTestApp();
  planOptions = await fetchPlanOptions();
});
afterAll(() => testApp.close());

const codes = (options: { code: string }[]) => options.map((option) => option.code);

describe("GET /api/plan-options", () => {
  it("offers the three kinds of funeral with their prices in pence", () => {
    expect(codes(planOptions.attendance)).toEqual(["attended", "unattended", "privateFarewell"]);
    for (const option of planOptions.attendance) {
      expect(Number.isInteger(option.price)).toBe(true);
      expect(option.price).toBeGreaterThan(0);
    }
  });

  it("holds every catalogue code of the specification", () => {
    expect(codes(planOptions.remains)).toEqual(["cremated", "buried"]);
    expect(codes(planOptions.celebrantTypes)).toEqual(["funeralDirector", "familyLed", "ministerOfficiant"]);
    expect(codes(planOptions.pallbearerTypes)).toEqual(["providedByYourFuneralDirector", "nominatingMyOwn"]);
    expect(planOptions.ashesTreatmentTypes).toHaveLength(6);
    expect(codes(planOptions.ashesTreatmentTypes)).toEqual(
      expect.arrayContaining([
        "simpleContainer",
        "scatteredInGarden",
        "scatteredTube",
        "bambooAshesContainer",
        "willowAshesContainer",
      ]),
    );
    expect(codes(planOptions.transportationForTheDeceasedTypes)).toEqual([
      "specialistVehicle",
      "hearse",
      "horseDrawnCarriage",
      "nominatingMyOwn",
    ]);
    expect(codes(planOptions.transportationForAttendeesTypes)).toEqual(["limousine", "nominatingMyOwn"]);
    expect(planOptions.flowerArrangements.length).toBeGreaterThan(0);
    expect(planOptions.contactMethods.map((method) => method.handle)).toEqual(["email", "post", "phone"]);
  });

  it("offers twelve coffins in their collections, the park coffin by default, each with a picture", () => {
    expect(codes(planOptions.coffins)).toEqual([
      "park",
      "windsor",
      "willow",
      "exmoor",
      "bamboo",
      "dale",
      "lomond",
      "pembroke",
      "northumberland",
      "brecon",
      "cairngorm",
      "snowdon",
    ]);
    expect(planOptions.coffins.filter((coffin) => coffin.isDefault).map((coffin) => coffin.code)).toEqual([
      "park",
    ]);
    expect(planOptions.coffins.find((coffin) => coffin.code === "park")?.collection.code).toBe("basic");
    for (const coffin of planOptions.coffins) {
      expect(coffin.imageUrl).toMatch(/\{width\}.*\{height\}/);
      expect(coffin.imageAlt.length).toBeGreaterThan(10);
      expect(codes(planOptions.coffinCollections)).toContain(coffin.collection.code);
    }
  });

  it("marks specialist vehicle as the default transport", () => {
    const defaults = planOptions.transportationForTheDeceasedTypes.filter((option) => option.isDefault);
    expect(codes(defaults)).toEqual(["specialistVehicle"]);
  });

  it("prices each package as the journey it prefills, priced like any other journey", () => {
    expect(planOptions.packages.length).toBeGreaterThan(0);
    for (const planPackage of planOptions.packages) {
      const journey = choosePackage(initialJourneyState(), planOptions, planPackage.id);

      expect(planPackage.price).toBe(summarisePrice(journey.priceData).total);
    }
  });

  it("offers a burial package that holds no crematorium or ashes, and is not charged for them", () => {
    const burial = planOptions.packages.find((planPackage) => planPackage.remains.code === "buried");
    if (!burial) throw new Error("The catalogue has no burial package");
    const priceOf = (options: { code: string; price: number }[], code: string) =>
      options.find((option) => option.code === code)?.price ?? Number.NaN;

    expect(burial.crematory).toBeNull();
    expect(burial.ashes).toBeNull();
    expect(burial.price).toBe(
      priceOf(planOptions.attendance, "attended") +
        priceOf(planOptions.remains, "buried") +
        priceOf(planOptions.celebrantTypes, burial.celebrant.code) +
        priceOf(planOptions.coffins, burial.coffin.code) +
        priceOf(planOptions.transportationForTheDeceasedTypes, burial.deceaseTransportation.code) +
        priceOf(planOptions.pallbearerTypes, burial.pallbearers.code) +
        burial.attendeesTransportation.reduce(
          (sum, item) => sum + item.transportationType.price * item.quantity,
          0,
        ),
    );
  });

  it("names a default crematory that is among the crematoria", () => {
    expect(planOptions.defaultCrematory.isDefault).toBe(true);
    expect(codes(planOptions.crematoria)).toContain(planOptions.defaultCrematory.code);
    expect(planOptions.crematoria.length).toBeGreaterThan(3);
  });

  it("places every named crematorium on the map, so the nearest can be offered first", () => {
    for (const crematory of planOptions.crematoria) {
      if (crematory.isDefault) expect(crematory.coordinate).toBeNull();
      else
        expect(crematory.coordinate).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
    }
  });

  it("lists the thirteen journey steps in order, only the first enabled", () => {
    expect(planOptions.steps.map((step) => step.handle)).toEqual([...journeyStepHandles]);
    expect(planOptions.steps.find((step) => step.handle === "additional")?.title).toBe("Record your wishes");
    expect(planOptions.steps.find((step) => step.handle === "summary")?.title).toBe("Summary");
    expect(planOptions.steps.filter((step) => step.enabled).map((step) => step.handle)).toEqual([
      "attendance",
    ]);
    for (const step of planOptions.steps) {
      expect(step.path).toBe(`/planning/${step.handle}`);
    }
  });
});

describe("GET /api/plan-options, as sent", () => {
  async function get(headers: Record<string, string> = {}) {
    const token = await testApp.requestApplicationToken();
    return testApp.app.inject({
      method: "GET",
      url: "/api/plan-options",
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
  }

  it("gives an ETag, and answers 304 with no body to a browser that already has that version", async () => {
    const first = await get();
    const etag = first.headers.etag;

    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const again = await get({ "if-none-match": String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const stale = await get({ "if-none-match": '"an-older-catalogue"' });
    expect(stale.statusCode).toBe(200);
    expect(planOptionsResponseSchema.parse(stale.json())).toEqual(planOptions);
  });

  it("is compressed for a browser that accepts it, and is the same answer unpacked", async () => {
    const plain = await get();
    const packed = await get({ "accept-encoding": "br, gzip" });

    expect(packed.headers["content-encoding"]).toBe("br");
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString("utf8"))).toEqual(plain.json());
  });
});

describe("the web app's plan options fixture", () => {
  it("is what the seeded catalogue answers (if not: npx tsx scripts/write-plan-options-fixture.ts)", async () => {
    const fixture = JSON.parse(
      await readFile(path.join(repositoryRoot, "apps/web/src/test/seeded-plan-options.json"), "utf8"),
    ) as unknown;

    expect(fixture).toEqual(planOptions);
  });
});

describe("the catalogue seed", () => {
  it("can run again without changing any id", async () => {
    await seedCatalogue(testApp.db, await readCatalogueFiles(testApp.config.CONTENT_DIR));

    const again = buildPlanOptions(await selectCatalogue(testApp.db));
    expect(again.coffins.map((coffin) => [coffin.code, coffin.id])).toEqual(
      planOptions.coffins.map((coffin) => [coffin.code, coffin.id]),
    );
    expect(again.attendance).toEqual(planOptions.attendance);
    expect(again.packages).toEqual(planOptions.packages);
  });

  it("refuses a named crematorium with no place on the map, before it writes", async () => {
    const files = await readCatalogueFiles(testApp.config.CONTENT_DIR);
    const unplaced = files.crematoria.crematoria.map((crematorium) =>
      crematorium.code === "mortlake" ? { ...crematorium, coordinate: undefined } : crematorium,
    );

    await expect(
      seedCatalogue(testApp.db, { ...files, crematoria: { ...files.crematoria, crematoria: unplaced } }),
    ).rejects.toThrow("crematoria: mortlake has no coordinate, so cannot be ordered by distance");
  });

  it("names each step and gives its address as the journey does, one label for each step everywhere", () => {
    for (const step of planOptions.steps) {
      expect(step.name).toBe(journeyStepLabels[step.handle as JourneyStepHandle]);
    }
  });

  it("refuses a steps file that leaves out, adds, repeats or reorders a step, before it writes", async () => {
    const files = await readCatalogueFiles(testApp.config.CONTENT_DIR);
    const [first, second, ...rest] = files.steps.steps;
    if (!first || !second) throw new Error("The catalogue files have changed");
    const withSteps = (steps: typeof files.steps.steps) => ({ ...files, steps: { ...files.steps, steps } });

    await expect(seedCatalogue(testApp.db, withSteps([first, ...rest]))).rejects.toThrow(
      "steps: the journey's step funeral-director is missing",
    );
    await expect(
      seedCatalogue(testApp.db, withSteps([first, second, { ...second, handle: "wake" }, ...rest])),
    ).rejects.toThrow("steps: wake is not a step of the journey");
    await expect(seedCatalogue(testApp.db, withSteps([first, second, second, ...rest]))).rejects.toThrow(
      "steps: funeral-director is listed 2 times",
    );
    await expect(seedCatalogue(testApp.db, withSteps([second, first, ...rest]))).rejects.toThrow(
      "steps: listed out of the journey's order",
    );
    expect(buildPlanOptions(await selectCatalogue(testApp.db)).steps).toEqual(planOptions.steps);
  });

  it("refuses first months (FPCOB 7.2's moratorium) longer than 24, naming the rule, and offers the catalogue's", async () => {
    expect(planOptions.paymentTerms.moratoriumMonths).toBe(24);
    const directory = await mkdtemp(path.join(tmpdir(), "kindred-catalogue-"));
    try {
      await cp(path.join(testApp.config.CONTENT_DIR, "catalogue"), path.join(directory, "catalogue"), {
        recursive: true,
      });
      const file = path.join(directory, "catalogue", "payment-terms.json");
      const terms = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
      await writeFile(file, JSON.stringify({ ...terms, moratoriumMonths: 25 }));
      await expect(readCatalogueFiles(directory)).rejects.toThrow(
        "moratoriumMonths: FPCOB 7.2 allows a moratorium of at most 24 months from the contract date",
      );
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("refuses a package that is not a journey someone could choose, and keeps nothing it read", async () => {
    const files = await readCatalogueFiles(testApp.config.CONTENT_DIR);
    const [simple, , , burial] = files.packages.packages;
    if (!simple || !burial) throw new Error("The catalogue files have changed");
    const cheaperCoffins = files.coffins.coffins.map((coffin) => ({ ...coffin, pricePence: 1 }));
    const broken = {
      ...files,
      coffins: { ...files.coffins, coffins: cheaperCoffins },
      packages: {
        ...files.packages,
        packages: [
          { ...simple, contents: { ...simple.contents, crematorium: undefined } },
          { ...burial, contents: { ...burial.contents, ashesTreatment: "keepsakeUrn" } },
        ],
      },
    };

    await expect(seedCatalogue(testApp.db, broken)).rejects.toThrow(
      [
        "The catalogue's packages are not journeys:",
        `  packages: simple: crematoria.id: ${messages.required}`,
        `  packages: traditionalBurial: ashes: ${messages.notPartOfThisFuneral}`,
      ].join("\n"),
    );
    const after = buildPlanOptions(await selectCatalogue(testApp.db));
    expect(after.coffins).toEqual(planOptions.coffins);
    expect(after.packages).toEqual(planOptions.packages);
  });
});
