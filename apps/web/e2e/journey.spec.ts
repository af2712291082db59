import type { BrowserContext, Page } from "@playwright/test";
import type { PlanOptionsResponse } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { test, expect, holdBackScripts } from "./fixtures";
import {
  chooseNearestFuneralDirector,
  elementsPastTheRightEdge,
  continueTo,
  expectTotal,
  fetchPlanOptions,
  option,
  radioFor,
} from "./journey-support";

// Screens: phone: most people plan on a phone; the price bar at the foot, a new step's focus and
// scroll and the largest text are phone matters; the desktop layout is measured in
// journey-layout-shift.spec.ts and looked at in every-page.spec.ts.

let catalogue: PlanOptionsResponse;
test.beforeAll(async ({ request }) => {
  catalogue = await fetchPlanOptions(request);
});

test("an attended burial, priced at every step, then made a cremation from the summary", async ({
  page,
  checkAccessibility,
}) => {
  // The longest journey there is: every step of a burial, then the cremation branch.
  test.slow();
  const attended = option(catalogue.attendance, "attended");
  const buried = option(catalogue.remains, "buried");
  const minister = option(catalogue.celebrantTypes, "ministerOfficiant");
  const bearers = option(catalogue.pallbearerTypes, "providedByYourFuneralDirector");
  const hearse = option(catalogue.transportationForTheDeceasedTypes, "hearse");
  const limousine = option(catalogue.transportationForAttendeesTypes, "limousine");
  const coffin = option(catalogue.coffins, "northumberland");

  await page.goto("/planning/attendance");
  await expectTotal(page, 0);
  await radioFor(page, attended.name).check();
  let total = attended.price;
  await expectTotal(page, total);

  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "SW1A 1AA");
  await checkAccessibility();
  await expectTotal(page, total);

  // One more a screen; the burial's own two steps join the total as burial is chosen (issue 25 item 8).
  const progress = page.getByRole("navigation", { name: "Your progress" }).locator("summary");
  await continueTo(page, "burial-cremation");
  await expect(progress).toHaveText(/^Step 3 of 9: /);
  await radioFor(page, buried.name).check();
  total += buried.price;
  await expectTotal(page, total);
  await expect(progress).toHaveText(/^Step 3 of 11: /);

  await continueTo(page, "burial");
  await expect(progress).toHaveText(/^Step 4 of 11: /);
  await page.getByRole("radio", { name: /^Yes/ }).check();
  await continueTo(page, "service-burial");
  await expect(progress).toHaveText(/^Step 5 of 11: /);
  await page
    .getByRole("textbox")
    .first()
    .fill("A short service at St Mary's, then burial in the churchyard.");
  await expectTotal(page, total);

  await continueTo(page, "celebrant");
  await radioFor(page, minister.name).check();
  total += minister.price;
  await expectTotal(page, total);

  await continueTo(page, "pallbearers");
  await radioFor(page, bearers.name).check();
  total += bearers.price;
  await expectTotal(page, total);

  await continueTo(page, "transportation");
  await radioFor(page, hearse.name).check();
  total += hearse.price;
  await expectTotal(page, total);
  await page.getByRole("button", { name: new RegExp(`^One more: ${limousine.name}`) }).click();
  await page.getByRole("button", { name: new RegExp(`^One more: ${limousine.name}`) }).click();
  total += 2 * limousine.price;
  await expectTotal(page, total);
  await checkAccessibility();

  await continueTo(page, "coffin");
  await radioFor(page, coffin.name).check();
  total += coffin.price;
  await expectTotal(page, total);
  await checkAccessibility();

  await continueTo(page, "additional");
  await page.getByLabel("Money to set aside for flowers (optional)").fill("75");
  await page
    .getByRole("textbox", { name: /flowers/i })
    .first()
    .fill("White lilies and roses from the garden");
  total += 7500;
  await expectTotal(page, total);
  await expect(page.getByTestId("running-contributions")).toHaveText("£75");
  await checkAccessibility();

  await continueTo(page, "summary");
  await expectTotal(page, total);
  await expect(page.getByText(coffin.name)).toBeVisible();
  await expect(page.getByText("Not guaranteed").first()).toBeVisible();
  await expect(page.getByTestId("save-status")).toHaveText(
    /Saved in this browser for now, at \d\d:\d\d\. Create an account to keep your plan for good\./,
  );

  // Changing burial to cremation from the summary asks only what the change opened, then returns.
  const cremated = option(catalogue.remains, "cremated");
  const keepsake = option(catalogue.ashesTreatmentTypes, "keepsakeUrn");
  await page.getByRole("link", { name: "Change Burial or cremation" }).click();
  // The change would clear the burial answers: the person is asked first, and told which.
  await radioFor(page, cremated.name).click();
  const asking = page.getByRole("dialog", { name: "This will clear some of your answers" });
  await expect(asking.getByRole("listitem")).toHaveText(["Burial plot", "Burial service"]);
  await asking.getByRole("button", { name: "No, keep my answers" }).click();
  await expect(asking).toHaveCount(0);
  await expect(radioFor(page, buried.name)).toBeChecked();
  await radioFor(page, cremated.name).click();
  await asking.getByRole("button", { name: /^Yes, choose/ }).click();
  await expect(radioFor(page, cremated.name)).toBeChecked();
  await continueTo(page, "crematoria");
  await page.getByRole("radio", { name: catalogue.defaultCrematory.name, exact: true }).check();
  await continueTo(page, "ashes");
  await radioFor(page, keepsake.name).check();
  await page.getByRole("button", { name: "Save and go back to summary" }).click();
  await expect(page).toHaveURL(/\/planning\/summary$/);
  await expectTotal(page, total - buried.price + cremated.price + keepsake.price);
  await expect(page.getByText(keepsake.name)).toBeVisible();
  await expect(page.getByText("Not answered yet")).toHaveCount(0);
});

test("an answer tapped before the page has come to life is kept, priced, and carried on with (issue 44)", async ({
  page,
}) => {
  // A slow phone: the step's scripts come only after the person has chosen.
  const scriptsMayCome = await holdBackScripts(page);
  const attended = option(catalogue.attendance, "attended");
  await page.goto("/planning/attendance", { waitUntil: "domcontentloaded" });
  await radioFor(page, attended.name).check();
  scriptsMayCome();

  // Once the page has come to life the answer is the form's: still chosen, priced, and Continue
  // goes on rather than saying the question is unanswered.
  await expectTotal(page, attended.price);
  await expect(radioFor(page, attended.name)).toBeChecked();
  await continueTo(page, "funeral-director");
});

test("an attended cremation, priced at every step", async ({ page }) => {
  const attended = option(catalogue.attendance, "attended");
  const cremated = option(catalogue.remains, "cremated");
  const familyLed = option(catalogue.celebrantTypes, "familyLed");
  const ownBearers = option(catalogue.pallbearerTypes, "nominatingMyOwn");
  const carriage = option(catalogue.transportationForTheDeceasedTypes, "horseDrawnCarriage");
  const coffin = option(catalogue.coffins, "willow");
  const ashes = option(catalogue.ashesTreatmentTypes, "scatteredInGarden");

  await page.goto("/planning/attendance");
  await radioFor(page, attended.name).check();
  let total = attended.price;
  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "M1 1AE");
  await continueTo(page, "burial-cremation");
  await radioFor(page, cremated.name).check();
  total += cremated.price;
  await expectTotal(page, total);

  await continueTo(page, "crematoria");
  await page.getByRole("radio").nth(1).check();
  await expectTotal(page, total);
  await continueTo(page, "celebrant");
  await radioFor(page, familyLed.name).check();
  total += familyLed.price;
  await continueTo(page, "pallbearers");
  await radioFor(page, ownBearers.name).check();
  await expectTotal(page, total);
  await continueTo(page, "transportation");
  await radioFor(page, carriage.name).check();
  total += carriage.price;
  await expectTotal(page, total);
  await continueTo(page, "coffin");
  await radioFor(page, coffin.name).check();
  total += coffin.price;
  await expectTotal(page, total);
  await continueTo(page, "ashes");
  await radioFor(page, ashes.name).check();
  total += ashes.price;
  await expectTotal(page, total);
  await continueTo(page, "additional");
  await continueTo(page, "summary");
  await expectTotal(page, total);
  await expect(page.getByRole("link", { name: "Change Ashes" })).toBeVisible();
});

test("an unattended cremation skips the steps chosen for it", async ({ page, checkAccessibility }) => {
  // A budget of its own: a walk through the steps of an unattended cremation, scanned: 26 to 32 s on a quiet
  // 2-core machine and 46 s on a busy one (issue 29).
  test.setTimeout(90_000);
  const unattended = option(catalogue.attendance, "unattended");
  const basicCoffin = option(catalogue.coffins, "park");
  const transport = option(catalogue.transportationForTheDeceasedTypes, "specialistVehicle");
  const ashes = option(catalogue.ashesTreatmentTypes, "keepsakeUrn");

  await page.goto("/planning/attendance");
  await radioFor(page, unattended.name).check();
  let total = unattended.price + basicCoffin.price + transport.price;
  await expectTotal(page, total);
  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "LS1 4AP");

  await continueTo(page, "ashes");
  await radioFor(page, ashes.name).check();
  total += ashes.price;
  await expectTotal(page, total);
  await checkAccessibility();
  await continueTo(page, "additional");
  await continueTo(page, "summary");
  await expectTotal(page, total);
  await expect(page.getByText(basicCoffin.name)).toBeVisible();

  await page.goto("/planning/coffin");
  await expect(page.getByText(/included in the kind of funeral you have chosen/)).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(0);
});

test("a private farewell goes from the funeral director straight to your wishes", async ({ page }) => {
  const farewell = option(catalogue.attendance, "privateFarewell");
  const defaultAshes = catalogue.ashesTreatmentTypes.find((candidate) => candidate.isDefault)!;

  await page.goto("/planning/attendance");
  await radioFor(page, farewell.name).check();
  const total = farewell.price + option(catalogue.coffins, "park").price + defaultAshes.price;
  await expectTotal(page, total);
  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "EH1 1YZ");
  await continueTo(page, "additional");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/planning\/funeral-director$/);
  await continueTo(page, "additional");
  await continueTo(page, "summary");
  await expectTotal(page, total);
});

test("a package fills the plan, and changing one of its choices ends the package", async ({ page }) => {
  const traditional = option(catalogue.packages, "traditional");
  const park = option(catalogue.coffins, "park");

  await page.goto("/planning/attendance");
  // Continue for the kinds of funeral comes before the packages; choosing a package goes on.
  const continueBox = await page.getByRole("button", { name: "Continue", exact: true }).boundingBox();
  const packagesBox = await page
    .getByRole("heading", { name: "Or start from one of our packages" })
    .boundingBox();
  expect(continueBox!.y).toBeLessThan(packagesBox!.y);
  await page.getByRole("button", { name: `Choose the ${traditional.name} package` }).click();
  await expect(page).toHaveURL(/\/planning\/funeral-director$/);
  await expectTotal(page, traditional.price);
  await chooseNearestFuneralDirector(page, "B1 1BB");
  await continueTo(page, "additional");
  await continueTo(page, "summary");
  await expectTotal(page, traditional.price);

  await page.getByRole("link", { name: "Change Coffin" }).click();
  await expect(page).toHaveURL(/\/planning\/coffin$/);
  await expect(page.getByText("This has been chosen for you as part of your package.")).toBeVisible();
  await page.getByRole("button", { name: "Change this choice" }).click();
  await radioFor(page, park.name).check();
  await expectTotal(page, traditional.price - traditional.coffin.price + park.price);
  await page.getByRole("button", { name: "Save and go back to summary" }).click();
  await expect(page).toHaveURL(/\/planning\/summary$/);
  await expectTotal(page, traditional.price - traditional.coffin.price + park.price);
  const journeyData = await page.evaluate(() => JSON.parse(sessionStorage.getItem("journeyData") ?? "{}"));
  expect(journeyData.package).toBeNull();
});

test("an answer changed from the summary is held apart, then applied", async ({ page }) => {
  const unattended = option(catalogue.attendance, "unattended");
  const simple = option(catalogue.ashesTreatmentTypes, "simpleContainer");
  const willow = option(catalogue.ashesTreatmentTypes, "willowAshesContainer");
  const base = unattended.price + option(catalogue.coffins, "park").price;

  await page.goto("/planning/attendance");
  await radioFor(page, unattended.name).check();
  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "CF10 1EP");
  await continueTo(page, "ashes");
  await radioFor(page, simple.name).check();
  await continueTo(page, "additional");
  await continueTo(page, "summary");
  await expectTotal(page, base + simple.price);

  await page.getByRole("link", { name: "Change Ashes" }).click();
  await expect(page).toHaveURL(/\/planning\/ashes$/);
  await expect(page.getByText("Changing your plan")).toBeVisible();
  await radioFor(page, willow.name).check();
  await expect(page.getByTestId("pending-change")).toContainText("adds");
  await expectTotal(page, base + willow.price);
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("journeyData") ?? "{}"));
  expect(stored.ashes.treatmentType).toBe(willow.id);

  await page.getByRole("button", { name: "Save and go back to summary" }).click();
  await expect(page).toHaveURL(/\/planning\/summary$/);
  await expectTotal(page, base + willow.price);
  await expect(page.getByText(willow.name)).toBeVisible();
  await expect(page.getByText("Changing your plan")).toHaveCount(0);
});

test("a reload mid-journey restores the same step, answers and price", async ({ page }) => {
  const attended = option(catalogue.attendance, "attended");
  const cremated = option(catalogue.remains, "cremated");

  await page.goto("/planning/attendance");
  await radioFor(page, attended.name).check();
  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "BS1 4DJ");
  await continueTo(page, "burial-cremation");
  await radioFor(page, cremated.name).check();
  const total = attended.price + cremated.price;

  await page.reload();

  await expect(page).toHaveURL(/\/planning\/burial-cremation$/);
  await expect(radioFor(page, cremated.name)).toBeChecked();
  await expectTotal(page, total);

  await page.goto("/planning/coffin");
  await expect(page).toHaveURL(/\/planning\/crematoria$/);
  await page.goto("/planning");
  await page.getByRole("link", { name: /Continue where you left off/ }).click();
  await expect(page).toHaveURL(/\/planning\/crematoria$/);
  await expectTotal(page, total);
});

/**
 * A guest plans an unattended funeral up to the ashes step, saved in this browser; a second tab
 * of the same browser continues the saved plan and arrives at the same step. Answers that tab.
 */
async function unattendedToAshesInTwoTabs(page: Page, context: BrowserContext): Promise<Page> {
  await page.goto("/planning/attendance");
  await radioFor(page, option(catalogue.attendance, "unattended").name).check();
  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "LS1 4AP");
  await continueTo(page, "ashes");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved in this browser for now/);

  const otherTab = await context.newPage();
  await otherTab.goto("/planning");
  await otherTab.getByRole("link", { name: /Continue where you left off/ }).click();
  await expect(otherTab).toHaveURL(/\/planning\/ashes$/);
  return otherTab;
}

test("a guest's saved plan comes back in a new tab of the same browser", async ({ page, context }) => {
  const unattended = option(catalogue.attendance, "unattended");
  const basicCoffin = option(catalogue.coffins, "park");
  const transport = option(catalogue.transportationForTheDeceasedTypes, "specialistVehicle");

  const newTab = await unattendedToAshesInTwoTabs(page, context);
  await expectTotal(newTab, unattended.price + basicCoffin.price + transport.price);
});

test.describe("two tabs", () => {
  // The stale save is answered 412, which the browser reports in the console.
  test.use({ expectedConsoleErrors: [/status of 412/] });

  test("a plan changed in another tab is not overwritten: this tab says so and saves nothing", async ({
    page,
    context,
  }) => {
    const keepsake = option(catalogue.ashesTreatmentTypes, "keepsakeUrn");
    const scattered = option(catalogue.ashesTreatmentTypes, "scatteredInGarden");
    const otherTab = await unattendedToAshesInTwoTabs(page, context);
    await radioFor(otherTab, keepsake.name).check();
    await expect(otherTab.getByTestId("save-status")).toHaveText(/Saved in this browser for now/);

    await radioFor(page, scattered.name).check();
    await expect(page.getByTestId("save-status")).toContainText(messages.planChangedElsewhere);
    await otherTab.reload();
    await expect(radioFor(otherTab, keepsake.name)).toBeChecked();
  });
});

test("saving with nothing chosen says so in an error box, and saves nothing", async ({ page }) => {
  await page.goto("/planning/attendance");

  await page.getByRole("button", { name: "Save and continue later" }).click();

  await expect(
    page.getByRole("alert").filter({ hasText: "You have no data to save, have you made some selections?" }),
  ).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a new step opens at its top with the heading focused, and the price bar leaves the footer clear", async ({
  page,
}) => {
  const attended = option(catalogue.attendance, "attended");
  await page.goto("/planning/attendance");
  await radioFor(page, attended.name).check();
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
  );

  await continueTo(page, "funeral-director");

  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();

  // The save status appears after the autosave and lengthens the page: scroll once it is there.
  await expect(page.getByTestId("save-status")).toHaveText(/Saved in this browser/);
  const legal = page.getByRole("contentinfo").getByText(/authorised and regulated/);
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
  );
  await expect(legal).toBeInViewport();
  const uncovered = await legal.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const topmost = document.elementFromPoint(box.left + box.width / 2, box.bottom - 4);
    return topmost !== null && element.contains(topmost);
  });
  expect(uncovered).toBe(true);
});

test("at 320 pixels wide with the largest text, the first step and its packages fit the screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.addInitScript(() => window.localStorage.setItem("zoom", "150"));
  await page.goto("/planning/attendance");
  await expect(page.getByRole("heading", { name: "Or start from one of our packages" })).toBeVisible();
  const overflowing = await elementsPastTheRightEdge(page);
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
