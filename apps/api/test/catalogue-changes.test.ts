import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  catalogueChangeSchema,
  catalogueChangesPageSchema,
  funeralDirectorSearchResponseSchema,
  planOptionsResponseSchema,
  planResponseSchema,
  staffAppointmentsPageSchema,
  staffCatalogueSchema,
  type CatalogueChange,
} from "@kindred/contracts";
import { daysAfter, staffMessages, ukToday } from "@kindred/domain";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import {
  catalogueChanges,
  catalogueOptions,
  funeralDirectorBranches,
  staffAuditEvents,
} from "../src/db/schema";
import { applyDueCatalogueChanges } from "../src/modules/catalogue/catalogue-changes";
import { readCatalogueFiles, type CatalogueFiles } from "../src/modules/catalogue/catalogue-files";
import { seedCatalogue } from "../src/modules/catalogue/seed";
import { atOnce } from "./support/at-once";
import { callApi } from "./support/customers";
import { catalogueAndBranch, fullJourney } from "./support/journeys";
import { settlePayments } from "./support/paying";
import { paidPlan } from "./support/ready-plans";
import { auditEntriesBy, createFirstTestAdministrator, type TestStaffMember } from "./support/staff";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Catalogue and branch changes with dates (issue 24 item 6; decision 032): an administrator
 * changes an option's price or a branch's details from a UK day on; a change for today shows at
 * once, one for a later day when the sweep finds it due, each applied once; each is kept with who
 * made it, when and why; a catalogue release records its own changes and leaves staff's in place.
 */

let testApp: TestApp;
let administrator: TestStaffMember;
let visitor: string;
let files: CatalogueFiles;

beforeAll(async () => {
  testApp = await createTestApp({ CATALOGUE_CACHE_SECONDS: 0 });
  administrator = await createFirstTestAdministrator(testApp);
  visitor = await testApp.requestApplicationToken();
  files = await readCatalogueFiles(testApp.config.CONTENT_DIR);
});
afterAll(() => testApp.close());

const daysFromToday = (days: number) => daysAfter(ukToday(), days);
/** A moment two days ahead, when a change dated tomorrow has fallen due. */
const twoDaysOn = () => new Date(Date.now() + 2 * 86_400_000);

const asAdministrator = (method: "GET" | "POST", url: string, payload?: unknown) =>
  callApi(testApp, administrator.token, method, url, payload);

async function planOptions() {
  return planOptionsResponseSchema.parse(
    (await callApi(testApp, visitor, "GET", "/api/plan-options")).json(),
  );
}

async function coffin(code: string) {
  const found = (await planOptions()).coffins.find((option) => option.code === code);
  if (!found) throw new Error(`No coffin ${code}`);
  return found;
}

async function changePrice(optionId: number, body: unknown) {
  return asAdministrator("POST", `/api/staff/catalogue/options/${optionId}/price-changes`, body);
}

async function madePriceChange(optionId: number, pricePence: number, effectiveOn: string, reason: string) {
  const response = await changePrice(optionId, { pricePence, effectiveOn, reason });
  expect(response.statusCode, response.body).toBe(201);
  return catalogueChangeSchema.parse(response.json());
}

async function changeBranch(branchId: number, body: unknown) {
  return asAdministrator("POST", `/api/staff/branches/${branchId}/changes`, body);
}

async function storedPrice(optionId: number) {
  const [row] = await testApp.db
    .select({ pricePence: catalogueOptions.pricePence })
    .from(catalogueOptions)
    .where(eq(catalogueOptions.id, optionId));
  return row!.pricePence;
}

async function changesPage(page = 1) {
  const response = await asAdministrator("GET", `/api/staff/catalogue/changes?page=${page}`);
  expect(response.statusCode, response.body).toBe(200);
  return catalogueChangesPageSchema.parse(response.json());
}

describe("a price change effective today", () => {
  it("shows at once in the catalogue and in a plan being planned, which tells of the change", async () => {
    const windsor = await coffin("windsor");
    const { catalogue, branch } = await catalogueAndBranch(testApp, visitor);
    const planned = await callApi(
      testApp,
      visitor,
      "POST",
      "/api/guest/plan",
      fullJourney(catalogue, branch.id),
    );
    expect(planned.statusCode, planned.body).toBe(201);
    const plan = planResponseSchema.parse(planned.json());
    expect(plan.priceChange).toBeNull();

    const change = await madePriceChange(
      windsor.id,
      windsor.price + 150_00,
      ukToday(),
      "The supplier's new prices",
    );
    expect(change).toMatchObject({
      subject: { kind: "option", optionId: windsor.id, name: windsor.name },
      pricePence: windsor.price + 150_00,
      details: null,
      effectiveOn: ukToday(),
      madeBy: administrator.name,
    });
    expect(change.appliedAt).not.toBeNull();

    expect((await coffin("windsor")).price).toBe(windsor.price + 150_00);
    const read = planResponseSchema.parse(
      (await callApi(testApp, visitor, "GET", `/api/plan/${plan.id}`)).json(),
    );
    expect(read.price.total).toBe(plan.price.total + 150_00);
    expect(read.priceChange).toMatchObject({ savedTotal: plan.price.total });
  });
});

// Two sweeps at once share the due changes out through `for update skip locked` on PostgreSQL.
describe("a price change for a later day", { tags: ["engine"] }, () => {
  it("changes nothing until it falls due, then the sweep applies it once, the later-made of one day's changes winning", async () => {
    const oak = (await planOptions()).coffins.find((option) => option.code !== "windsor")!;
    const tomorrow = daysFromToday(1);
    const first = await madePriceChange(oak.id, oak.price + 10_00, tomorrow, "New prices from tomorrow");
    const second = await madePriceChange(
      oak.id,
      oak.price + 20_00,
      tomorrow,
      "Corrected: new prices from tomorrow",
    );
    expect(first.appliedAt).toBeNull();
    expect(first.effectiveOn).toBe(tomorrow);

    expect(await applyDueCatalogueChanges(testApp.db, new Date())).toBe(0);
    expect((await coffin(oak.code)).price).toBe(oak.price);
    const catalogue = staffCatalogueSchema.parse(
      (await asAdministrator("GET", "/api/staff/catalogue")).json(),
    );
    const listed = catalogue.options.find((option) => option.optionId === oak.id)!;
    expect(listed.pricePence).toBe(oak.price);
    expect(listed.upcoming.map((change) => change.changeId)).toEqual([first.changeId, second.changeId]);

    // Two processes sweeping at once: each change is applied by one of them, once.
    const later = twoDaysOn();
    const due = await testApp.db.$count(
      catalogueChanges,
      and(isNull(catalogueChanges.appliedAt), lte(catalogueChanges.effectiveAt, later)),
    );
    const applied = await atOnce([
      applyDueCatalogueChanges(testApp.db, later),
      applyDueCatalogueChanges(testApp.db, later),
    ]);
    expect(applied[0] + applied[1]).toBe(due);
    expect(await applyDueCatalogueChanges(testApp.db, later)).toBe(0);
    expect(await storedPrice(oak.id)).toBe(oak.price + 20_00);
    expect((await coffin(oak.code)).price).toBe(oak.price + 20_00);
    const kept = await testApp.db
      .select({ appliedAt: catalogueChanges.appliedAt })
      .from(catalogueChanges)
      .where(eq(catalogueChanges.optionId, oak.id));
    expect(kept.filter((row) => row.appliedAt?.getTime() === later.getTime())).toHaveLength(2);
  });
});

// The changes are kept by a trigger (migration 0021).
describe("the changes kept", { tags: ["engine"] }, () => {
  it("are listed newest first with who made them, when and why, and cannot be altered or deleted", async () => {
    const cremated = (await planOptions()).remains.find((option) => option.code === "cremated")!;
    const made = await madePriceChange(
      cremated.id,
      cremated.price + 5_00,
      daysFromToday(30),
      "Crematorium fees rise",
    );

    const page = await changesPage();
    expect(page.page).toBe(1);
    expect(page.items[0]).toEqual<CatalogueChange>({
      ...made,
      subject: { kind: "option", optionId: cremated.id, name: cremated.name },
      effectiveOn: daysFromToday(30),
      reason: "Crematorium fees rise",
      madeBy: administrator.name,
      appliedAt: null,
    });
    // The releases the seed recorded are listed too, by no one.
    expect(page.items.some((change) => change.madeBy === null && change.reason === "Catalogue release")).toBe(
      true,
    );

    await expect(
      testApp.db.execute(sql`update catalogue_changes set reason = 'nothing' where id = ${made.changeId}`),
    ).rejects.toThrow();
    await expect(
      testApp.db.execute(sql`update catalogue_changes set effective_at = now() where id = ${made.changeId}`),
    ).rejects.toThrow();
    await expect(
      testApp.db.execute(sql`delete from catalogue_changes where id = ${made.changeId}`),
    ).rejects.toThrow();
    expect(await changesPage()).toEqual(page);
  });
});

describe("a catalogue release", () => {
  it("leaves a staff change in place when the same files are seeded again, and records and applies a new price", async () => {
    const celebrant = (await planOptions()).celebrantTypes.find((option) => option.price > 0)!;
    await madePriceChange(celebrant.id, celebrant.price + 25_00, ukToday(), "A celebrant's fee rises");

    await seedCatalogue(testApp.db, files);
    expect(await storedPrice(celebrant.id)).toBe(celebrant.price + 25_00);

    const releasedPrice = celebrant.price + 40_00;
    const celebrantTypes = files.options.celebrantTypes.map((option) =>
      option.code === celebrant.code ? { ...option, pricePence: releasedPrice } : option,
    );
    await seedCatalogue(testApp.db, { ...files, options: { ...files.options, celebrantTypes } });
    expect(await storedPrice(celebrant.id)).toBe(releasedPrice);
    const [latest] = (await changesPage()).items;
    expect(latest).toMatchObject({
      subject: { kind: "option", optionId: celebrant.id },
      pricePence: releasedPrice,
      effectiveOn: ukToday(),
      reason: "Catalogue release",
      madeBy: null,
    });
    expect(latest?.appliedAt).not.toBeNull();

    // The release as the files have it again.
    await seedCatalogue(testApp.db, files);
    expect(await storedPrice(celebrant.id)).toBe(celebrant.price);
  });
});

describe("a branch closed from a date", () => {
  it("is offered to visitors until then, and from then is not, and its plans go to the appointments queue", async () => {
    const paid = await paidPlan(testApp);
    await settlePayments(testApp);
    const { branch } = await catalogueAndBranch(testApp, visitor);
    const offered = async () =>
      funeralDirectorSearchResponseSchema
        .parse(
          (await callApi(testApp, visitor, "GET", "/api/funeral-director/search?postcode=N1%201AA")).json(),
        )
        .branches.some((candidate) => candidate.id === branch.id);
    const queued = async () =>
      staffAppointmentsPageSchema
        .parse((await asAdministrator("GET", "/api/staff/queues/appointments")).json())
        .items.find((item) => item.planId === paid.planId);

    const closing = await changeBranch(branch.id, {
      details: { open: false },
      effectiveOn: daysFromToday(1),
      reason: "The branch closes for good",
    });
    expect(closing.statusCode, closing.body).toBe(201);
    expect(catalogueChangeSchema.parse(closing.json())).toMatchObject({
      subject: { kind: "branch", branchId: branch.id, name: branch.name },
      pricePence: null,
      details: { open: false },
      appliedAt: null,
    });
    await applyDueCatalogueChanges(testApp.db, new Date());
    expect(await offered()).toBe(true);
    expect(await queued()).toBeUndefined();

    await applyDueCatalogueChanges(testApp.db, twoDaysOn());
    expect(await offered()).toBe(false);
    expect(await queued()).toMatchObject({
      reason: "branch_closed_since",
      chosenBranch: { id: branch.id, open: false },
    });

    const [entry] = await auditEntriesBy(testApp, administrator, "branch.change-made");
    expect(entry?.detail).toEqual({
      changeId: catalogueChangeSchema.parse(closing.json()).changeId,
      branchId: branch.id,
      fields: ["open"],
      effectiveOn: daysFromToday(1),
    });

    // Opened again at once, with a new manager: the record names the fields, never their values.
    const reopening = await changeBranch(branch.id, {
      details: { open: true, managerName: "Priya Shah" },
      effectiveOn: ukToday(),
      reason: "Reopened under new management",
    });
    expect(reopening.statusCode, reopening.body).toBe(201);
    expect(await offered()).toBe(true);
    const entries = await auditEntriesBy(testApp, administrator, "branch.change-made");
    expect(entries.at(-1)?.detail).toMatchObject({ fields: ["managerName", "open"] });
    expect(JSON.stringify(entries)).not.toContain("Priya");
  });
});

describe("bad input", () => {
  it("gets field messages and writes nothing", async () => {
    const windsor = await coffin("windsor");
    const [branch] = await testApp.db.select().from(funeralDirectorBranches).limit(1);
    const counts = async () => ({
      changes: await testApp.db.$count(catalogueChanges),
      audit: await testApp.db.$count(staffAuditEvents),
      price: await storedPrice(windsor.id),
    });
    const before = await counts();
    const good = { pricePence: 3_100_00, effectiveOn: ukToday(), reason: "New prices" };
    const refusal = async (response: Awaited<ReturnType<typeof changePrice>>) => ({
      status: response.statusCode,
      violations: (response.json() as { violations: { propertyPath: string; title: string }[] }).violations,
    });

    expect(await refusal(await changePrice(windsor.id, {}))).toEqual({
      status: 400,
      violations: expect.arrayContaining([
        { propertyPath: "pricePence", title: staffMessages.catalogueChangePriceNeeded },
        { propertyPath: "effectiveOn", title: staffMessages.catalogueChangeDateNeeded },
        { propertyPath: "reason", title: staffMessages.catalogueChangeReasonNeeded },
      ]),
    });
    expect(await refusal(await changePrice(windsor.id, { ...good, effectiveOn: daysFromToday(-1) }))).toEqual(
      {
        status: 422,
        violations: [{ propertyPath: "effectiveOn", title: staffMessages.catalogueChangeDatePast }],
      },
    );
    expect(
      await refusal(await changePrice(windsor.id, { ...good, effectiveOn: daysFromToday(3 * 366) })),
    ).toEqual({
      status: 422,
      violations: [{ propertyPath: "effectiveOn", title: staffMessages.catalogueChangeDateTooFar }],
    });
    for (const pricePence of [-1, 12.5]) {
      expect(await refusal(await changePrice(windsor.id, { ...good, pricePence }))).toEqual({
        status: 400,
        violations: [{ propertyPath: "pricePence", title: staffMessages.catalogueChangePriceNeeded }],
      });
    }
    expect(await refusal(await changePrice(2_000_000, good))).toEqual({
      status: 404,
      violations: [{ propertyPath: "optionId", title: staffMessages.noSuchCatalogueOption }],
    });

    const branchChange = (details: unknown, effectiveOn = ukToday()) =>
      changeBranch(branch!.id, { details, effectiveOn, reason: "Details change" });
    expect(await refusal(await changeBranch(branch!.id, {}))).toMatchObject({ status: 400 });
    expect(await refusal(await branchChange({}))).toEqual({
      status: 400,
      violations: [{ propertyPath: "details", title: staffMessages.branchChangeNeedsADetail }],
    });
    for (const [field, value] of [
      ["phone", "call us"],
      ["email", "branch at example"],
      ["website", "http://kindred.example"],
    ] as const) {
      const answer = await refusal(await branchChange({ [field]: value }));
      expect(answer.status).toBe(400);
      expect(answer.violations.map((violation) => violation.propertyPath)).toEqual([`details.${field}`]);
    }
    expect(await refusal(await branchChange({ open: false }, daysFromToday(-1)))).toEqual({
      status: 422,
      violations: [{ propertyPath: "effectiveOn", title: staffMessages.catalogueChangeDatePast }],
    });
    expect(
      await refusal(
        await changeBranch(2_000_000, { details: { open: false }, effectiveOn: ukToday(), reason: "x" }),
      ),
    ).toEqual({
      status: 404,
      violations: [{ propertyPath: "branchId", title: staffMessages.noSuchBranch }],
    });

    expect(await counts()).toEqual(before);
  });
});

describe("the audit log", () => {
  it("records every look and change, a price change with the price before and after", async () => {
    const windsor = await coffin("windsor");
    const catalogue = staffCatalogueSchema.parse(
      (await asAdministrator("GET", "/api/staff/catalogue")).json(),
    );
    expect(catalogue.options[0]).toMatchObject({ kindName: "Kind of funeral" });
    expect(catalogue.branches[0]).toMatchObject({ isHeadOffice: true });
    // Kind by kind in the journey's order, and no contact methods, which have no price.
    expect([...new Set(catalogue.options.map((option) => option.kindName))]).toEqual([
      "Kind of funeral",
      "Burial or cremation",
      "Celebrant",
      "Pallbearers",
      "Transport for the person who has died",
      "Transport for family and friends",
      "Coffin",
      "Ashes",
      "Flowers",
    ]);
    await changesPage(1);
    const change = await madePriceChange(
      windsor.id,
      windsor.price - 1_00,
      daysFromToday(7),
      "A small reduction",
    );

    expect(await auditEntriesBy(testApp, administrator, "catalogue.read")).not.toHaveLength(0);
    expect(await auditEntriesBy(testApp, administrator, "catalogue.changes-read")).not.toHaveLength(0);
    const entries = await auditEntriesBy(testApp, administrator, "catalogue.price-change-made");
    expect(entries.at(-1)?.detail).toEqual({
      changeId: change.changeId,
      optionId: windsor.id,
      oldPricePence: windsor.price,
      newPricePence: windsor.price - 1_00,
      effectiveOn: daysFromToday(7),
    });
  });
});
