import type { Locator, Page } from "@playwright/test";
import type { PlanOptionsResponse } from "@kindred/contracts";
import { newPerson } from "./account-support";
import { test, expect, keepScreenshot } from "./fixtures";
import { layoutShiftSoFar, recordLayoutShifts } from "./layout-shift";
import {
  chooseNearestFuneralDirector,
  continueTo,
  fetchPlanOptions,
  option,
  radioFor,
} from "./journey-support";
import { comeBackToPayForAnAttendedCremation } from "./purchase-support";

// Screens: both: what moves as a page loads differs between the phone's layout (the price bar at
// the foot) and the desktop's (the price beside the question).

/**
 * Issue 8 item 5: a journey page paints its question at once and nothing on it moves afterwards.
 * Each page is loaded afresh (as a visitor arriving, or reloading, sees it) and its cumulative
 * layout shift, counted from the start of the load as browsers count it (shifts just after the
 * person's own input left out), must stay below 0.02, at the phone and the desktop size, on a
 * processor slowed as Lighthouse slows it for a phone.
 */

const limit = 0.02;

let catalogue: PlanOptionsResponse;
test.beforeAll(async ({ request }) => {
  catalogue = await fetchPlanOptions(request);
});

test.beforeEach(({ page }) => recordLayoutShifts(page));

const total = (page: Page) => page.getByTestId("running-total").filter({ visible: true });

/** The processor is slowed as Lighthouse slows it for a phone while a page loads, so what paints first is seen. */
const cpuSlowdown = 4;

/**
 * Loads a page on the slowed processor and gives its layout shift once it has settled: its
 * heading and the person's own total are shown, the page's requests (the saved plan, the funeral
 * director) have been answered, its fonts are in, and two frames have been drawn since, so every
 * shift has been reported. The shift must be below the limit.
 */
async function loadAndMeasure(page: Page, load: () => Promise<unknown>, expectedTotal?: string) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  await load();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (expectedTotal !== undefined) await expect(total(page)).toHaveText(expectedTotal);
  await page.waitForLoadState("networkidle");
  const measured = await layoutShiftSoFar(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await devtools.detach();
  expect(measured.total, `${measured.path}: ${measured.shifts.join("; ")}`).toBeLessThan(limit);
  return measured;
}

/**
 * Reloads the step the person is on and measures it, with their total as it was. They reload at
 * the foot of the page, where the browser puts them back, so the footer is in view as it loads:
 * anything painted short of the page's full height (a placeholder streamed first) is seen to move.
 */
async function reloadAndMeasure(page: Page) {
  return reloadAndMeasureAfter(page, async () => undefined);
}

/** As `reloadAndMeasure`, with `whenPainted` run once the reloaded page has painted, before it is measured. */
async function reloadAndMeasureAfter(page: Page, whenPainted: () => Promise<unknown>) {
  const before = await total(page).textContent();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return loadAndMeasure(
    page,
    async () => {
      await page.reload({ waitUntil: "commit" });
      await whenPainted();
    },
    before ?? undefined,
  );
}

test("a new visitor's first step and the pages that send them to it move nothing", async ({
  page,
  checkAccessibility,
}) => {
  // A budget of its own: four pages loaded afresh on the slowed processor, each measured: 31 to 35 s on a quiet
  // 2-core machine (issue 29).
  test.setTimeout(90_000);
  for (const path of ["/planning/attendance", "/planning/coffin", "/planning/summary", "/planning"]) {
    await loadAndMeasure(page, () => page.goto(path));
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/plan/i);
  await checkAccessibility();
});

/** The steps of an attended cremation, each with its answer (read from the catalogue when given). */
const attendedCremationSteps: { step: string; answer: (page: Page) => Promise<unknown> }[] = [
  {
    step: "attendance",
    answer: (page) => radioFor(page, option(catalogue.attendance, "attended").name).check(),
  },
  { step: "funeral-director", answer: (page) => chooseNearestFuneralDirector(page, "M1 1AE") },
  {
    step: "burial-cremation",
    answer: (page) => radioFor(page, option(catalogue.remains, "cremated").name).check(),
  },
  { step: "crematoria", answer: (page) => page.getByRole("radio").nth(1).check() },
  {
    step: "celebrant",
    answer: (page) => radioFor(page, option(catalogue.celebrantTypes, "familyLed").name).check(),
  },
  {
    step: "pallbearers",
    answer: (page) => radioFor(page, option(catalogue.pallbearerTypes, "nominatingMyOwn").name).check(),
  },
  {
    step: "transportation",
    answer: (page) =>
      radioFor(page, option(catalogue.transportationForTheDeceasedTypes, "horseDrawnCarriage").name).check(),
  },
  { step: "coffin", answer: (page) => radioFor(page, option(catalogue.coffins, "willow").name).check() },
  {
    step: "ashes",
    answer: (page) => radioFor(page, option(catalogue.ashesTreatmentTypes, "scatteredInGarden").name).check(),
  },
  { step: "additional", answer: async () => undefined },
  { step: "summary", answer: async () => undefined },
];

/**
 * An attended cremation, step by step, with each step's answer chosen; `measure` is called on each
 * step once its answer is in (reloading it, or nothing when the step is only on the way). The
 * walk ends at `lastStep` (the summary unless told): nothing after it is walked for nothing.
 */
async function planAnAttendedCremation(
  page: Page,
  measure: (step: string) => Promise<unknown>,
  lastStep = "summary",
) {
  await page.goto("/planning/attendance");
  for (const [index, { step, answer }] of attendedCremationSteps.entries()) {
    if (index > 0) await continueTo(page, step);
    await answer(page);
    await measure(step);
    if (step === lastStep) return;
  }
}

// Every step of the journey, in two halves that run side by side: each reload on the slowed
// processor takes seconds, and twelve in one test ran at its two-minute limit on a busy 2-core
// machine (issue 29). The second half walks past the first's steps without reloading them; the
// first ends at its own last step.
// Each half took 76 to 82 s on a 2-core machine busy with another test run (issue 29): six loads on
// the slowed processor and the walk past the other half's steps. Twice that, so a slower machine
// still finishes well inside it.
const halfTheJourneyBudget = 180_000;
const firstHalf = new Set([
  "attendance",
  "funeral-director",
  "burial-cremation",
  "crematoria",
  "celebrant",
  "pallbearers",
]);

test("the first six steps of an attended cremation, loaded afresh, move nothing", async ({
  page,
  checkAccessibility,
}) => {
  test.setTimeout(halfTheJourneyBudget);
  await planAnAttendedCremation(
    page,
    (step) => (firstHalf.has(step) ? reloadAndMeasure(page) : Promise.resolve()),
    "pallbearers",
  );
  await checkAccessibility();
});

test("the last steps of an attended cremation and the summary, loaded afresh, move nothing", async ({
  page,
  checkAccessibility,
}) => {
  test.setTimeout(halfTheJourneyBudget);
  await planAnAttendedCremation(page, (step) =>
    firstHalf.has(step) ? Promise.resolve() : reloadAndMeasure(page),
  );
  await expect(page.getByRole("link", { name: "Change Ashes" })).toBeVisible();
  await checkAccessibility("summary");
  await loadAndMeasure(page, () => page.goto("/planning"));
  await expect(page.getByRole("link", { name: /Continue where you left off/ })).toBeVisible();
  await checkAccessibility();
});

/**
 * Reloads the step the person is on with its fonts held back until well after the page has
 * painted, as on a slow line: the page is drawn in the fallback font and must not re-wrap when
 * the font arrives (a swap moved the burial or cremation question's lead by a line, 0.0209, on a
 * busy CI machine; decision 048).
 */
async function reloadWithLateFontsAndMeasure(page: Page) {
  let releaseFonts = () => {};
  const fontsHeld = new Promise<void>((resolve) => (releaseFonts = resolve));
  await page.route("**/*.woff2", async (route) => {
    await fontsHeld;
    await route.continue();
  });
  const measured = await reloadAndMeasureAfter(page, async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    releaseFonts();
  });
  await page.unroute("**/*.woff2");
  return measured;
}

test("the burial steps, loaded afresh, move nothing, also when the fonts come late", async ({ page }) => {
  await page.goto("/planning/attendance");
  await radioFor(page, option(catalogue.attendance, "attended").name).check();
  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "B1 1BB");
  await continueTo(page, "burial-cremation");
  await radioFor(page, option(catalogue.remains, "buried").name).check();
  expect((await reloadWithLateFontsAndMeasure(page)).path).toBe("/planning/burial-cremation");
  await continueTo(page, "burial");
  await page.getByRole("radio", { name: /^Yes/ }).check();
  await reloadAndMeasure(page);
  await continueTo(page, "service-burial");
  const measured = await reloadAndMeasure(page);
  expect(measured.path).toBe("/planning/service-burial");
});

/**
 * Issue 28 item 4: a customer who comes back signed in, their plan ready to pay for, opens the
 * ways to pay or their account; neither page moves as it loads (`npm run bench:web` measured 0.609
 * and 0.269 in a cold load). Each page is measured once its last answer is shown, and what it
 * measured is kept with the test's result.
 */
async function signInReadyToPayAndMeasure(page: Page, path: string, lastAnswer: () => Locator) {
  await comeBackToPayForAnAttendedCremation(page, catalogue, {
    ...newPerson("layout-shift"),
    title: "Mrs",
  });
  const measured = await loadAndMeasure(page, async () => {
    await page.goto(path);
    await expect(lastAnswer()).toBeVisible();
  });
  test
    .info()
    .annotations.push({ type: "layout shift", description: `${path}: ${measured.total.toFixed(4)}` });
}

/** The page as loaded at this project's size, and at a 390 px phone's width (the loaded page, to look at). */
async function keepScreenshots(page: Page, name: string) {
  await keepScreenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, `${name}-390`);
}

// Signing in through the prompt, a load on the slowed processor and a scan.
const signedInBudget = 90_000;

test("a signed-in customer's ways to pay, loaded afresh, move nothing", async ({
  page,
  checkAccessibility,
}) => {
  test.setTimeout(signedInBudget);
  await signInReadyToPayAndMeasure(page, "/purchase/options", () =>
    page.getByRole("button", { name: "Continue" }),
  );
  await keepScreenshots(page, "ways-to-pay");
  await checkAccessibility();
});

test("a signed-in customer's account, loaded afresh, moves nothing", async ({ page, checkAccessibility }) => {
  test.setTimeout(signedInBudget);
  await signInReadyToPayAndMeasure(page, "/account", () =>
    page.getByRole("link", { name: "Continue to payment" }),
  );
  await keepScreenshots(page, "account");
  await checkAccessibility();
});
