import type { Page } from "@playwright/test";
import type { PlanOptionsResponse } from "@kindred/contracts";
import { test, expect } from "./fixtures";
import { layoutShiftSoFar, recordLayoutShifts } from "./layout-shift";
import {
  chooseNearestFuneralDirector,
  continueTo,
  fetchPlanOptions,
  option,
  radioFor,
} from "./journey-support";

/**
 * Issue 8 item 5: a journey page paints its question at once and nothing on it moves afterwards.
 * Each page is loaded afresh (as a visitor arriving, or reloading, sees it) and its cumulative
 * layout shift, counted from the start of the load as browsers count it (shifts just after the
 * person's own input left out), must stay below 0.02, at the phone and the desktop size.
 */

const limit = 0.02;

let catalogue: PlanOptionsResponse;
test.beforeAll(async ({ request }) => {
  catalogue = await fetchPlanOptions(request);
});

test.beforeEach(({ page }) => recordLayoutShifts(page));

const total = (page: Page) => page.getByTestId("running-total").filter({ visible: true });

/**
 * The page's layout shift once it has settled: its heading and the person's own total are shown,
 * the page's requests (the saved plan, the funeral director) have been answered, its fonts are in,
 * and two frames have been drawn since, so every shift has been reported.
 */
async function settledLayoutShift(page: Page, expectedTotal?: string) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (expectedTotal !== undefined) await expect(total(page)).toHaveText(expectedTotal);
  await page.waitForLoadState("networkidle");
  return layoutShiftSoFar(page);
}

/** Reloads the step the person is on and measures it, with their total as it was. */
async function reloadAndMeasure(page: Page) {
  const before = await total(page).textContent();
  await page.reload();
  const measured = await settledLayoutShift(page, before ?? undefined);
  expect(measured.total, `${measured.path}: ${measured.shifts.join("; ")}`).toBeLessThan(limit);
  return measured;
}

test("a new visitor's first step and the pages that send them to it move nothing", async ({
  page,
  checkAccessibility,
}) => {
  for (const path of ["/planning/attendance", "/planning/coffin", "/planning/summary", "/planning"]) {
    await page.goto(path);
    const measured = await settledLayoutShift(page);
    expect(measured.total, `${path}: ${measured.shifts.join("; ")}`).toBeLessThan(limit);
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/plan/i);
  await checkAccessibility();
});

test("every step of an attended cremation, loaded afresh, moves nothing", async ({
  page,
  checkAccessibility,
}) => {
  await page.goto("/planning/attendance");
  await radioFor(page, option(catalogue.attendance, "attended").name).check();
  await reloadAndMeasure(page);
  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "M1 1AE");
  await reloadAndMeasure(page);
  await continueTo(page, "burial-cremation");
  await radioFor(page, option(catalogue.remains, "cremated").name).check();
  await reloadAndMeasure(page);
  await continueTo(page, "crematoria");
  await page.getByRole("radio").nth(1).check();
  await reloadAndMeasure(page);
  await continueTo(page, "celebrant");
  await radioFor(page, option(catalogue.celebrantTypes, "familyLed").name).check();
  await reloadAndMeasure(page);
  await continueTo(page, "pallbearers");
  await radioFor(page, option(catalogue.pallbearerTypes, "nominatingMyOwn").name).check();
  await reloadAndMeasure(page);
  await continueTo(page, "transportation");
  await radioFor(
    page,
    option(catalogue.transportationForTheDeceasedTypes, "horseDrawnCarriage").name,
  ).check();
  await reloadAndMeasure(page);
  await continueTo(page, "coffin");
  await radioFor(page, option(catalogue.coffins, "willow").name).check();
  await reloadAndMeasure(page);
  await continueTo(page, "ashes");
  await radioFor(page, option(catalogue.ashesTreatmentTypes, "scatteredInGarden").name).check();
  await reloadAndMeasure(page);
  await continueTo(page, "additional");
  await reloadAndMeasure(page);
  await continueTo(page, "summary");
  await reloadAndMeasure(page);
  await expect(page.getByRole("link", { name: "Change Ashes" })).toBeVisible();
  await page.goto("/planning");
  const start = await settledLayoutShift(page);
  expect(start.total, `/planning: ${start.shifts.join("; ")}`).toBeLessThan(limit);
  await expect(page.getByRole("link", { name: /Continue where you left off/ })).toBeVisible();
  await checkAccessibility();
});

test("the burial steps, loaded afresh, move nothing", async ({ page }) => {
  await page.goto("/planning/attendance");
  await radioFor(page, option(catalogue.attendance, "attended").name).check();
  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "B1 1BB");
  await continueTo(page, "burial-cremation");
  await radioFor(page, option(catalogue.remains, "buried").name).check();
  await continueTo(page, "burial");
  await page.getByRole("radio", { name: /^Yes/ }).check();
  await reloadAndMeasure(page);
  await continueTo(page, "service-burial");
  const measured = await reloadAndMeasure(page);
  expect(measured.path).toBe("/planning/service-burial");
});
