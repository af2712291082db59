import type { APIRequestContext, Page } from "@playwright/test";
import type { NomineeFields, PlanOptionsResponse } from "@kindred/contracts";
import { readFile } from "node:fs/promises";
import { legalDocumentReferences, messages } from "@kindred/domain";
import { extractText, getDocumentProxy } from "unpdf";
import { addressDetails, customerGuestDetails } from "../../api/test/support/people";
import { latestEmailTo, linkIn, signInThroughPrompt } from "./account-support";
import { expect } from "./fixtures";
import { chooseNearestFuneralDirector, continueTo, expectTotal, option, radioFor } from "./journey-support";

/** Helpers shared by the purchase and payment tests: a plan planned, its documents accepted. */

/** The choices of an attended cremation with a willow coffin, from the catalogue; and its total. */
function attendedCremation(catalogue: PlanOptionsResponse) {
  const choices = {
    attended: option(catalogue.attendance, "attended"),
    cremated: option(catalogue.remains, "cremated"),
    familyLed: option(catalogue.celebrantTypes, "familyLed"),
    ownBearers: option(catalogue.pallbearerTypes, "nominatingMyOwn"),
    hearse: option(catalogue.transportationForTheDeceasedTypes, "specialistVehicle"),
    coffin: option(catalogue.coffins, "willow"),
    ashes: option(catalogue.ashesTreatmentTypes, "scatteredInGarden"),
  };
  const { attended, cremated, familyLed, hearse, coffin, ashes } = choices;
  const total = attended.price + cremated.price + familyLed.price + hearse.price + coffin.price + ashes.price;
  return { ...choices, total };
}

/** An attended cremation with a willow coffin, planned step by step; answers its total. */
export async function planAnAttendedCremation(
  page: Page,
  catalogue: PlanOptionsResponse,
): Promise<{ total: number; coffin: string }> {
  const { attended, cremated, familyLed, ownBearers, hearse, coffin, ashes, total } =
    attendedCremation(catalogue);

  await page.goto("/planning/attendance");
  await radioFor(page, attended.name).check();
  await continueTo(page, "funeral-director");
  await chooseNearestFuneralDirector(page, "MK9 2HP");
  await continueTo(page, "burial-cremation");
  await radioFor(page, cremated.name).check();
  await continueTo(page, "crematoria");
  await page.getByRole("radio").first().check();
  await continueTo(page, "celebrant");
  await radioFor(page, familyLed.name).check();
  await continueTo(page, "pallbearers");
  await radioFor(page, ownBearers.name).check();
  await continueTo(page, "transportation");
  await radioFor(page, hearse.name).check();
  await continueTo(page, "coffin");
  await radioFor(page, coffin.name).check();
  await continueTo(page, "ashes");
  await radioFor(page, ashes.name).check();
  await continueTo(page, "additional");
  await continueTo(page, "summary");
  await expectTotal(page, total);
  return { total, coffin: coffin.name };
}

export async function acceptAllSixDocuments(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Read your plan documents" }).click();
  await expect(page).toHaveURL(/\/planning\/documents$/);
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(6);
  for (let index = 0; index < 6; index += 1) {
    await tabs.nth(index).click();
    const checkbox = page.getByRole("tabpanel").getByRole("checkbox");
    await checkbox.check();
    await expect(checkbox).toBeChecked();
  }
  await expect(page.getByRole("heading", { name: "You have accepted all six documents" })).toBeVisible();
}

export async function pdfTextOf(page: Page, buttonName: string): Promise<{ text: string; fileName: string }> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: buttonName }).click();
  const download = await downloading;
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(await download.path())));
  const { text } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), fileName: download.suggestedFilename() };
}

/** Someone buying a plan for themselves: their name, email address and password. */
export interface Buyer {
  title: "Mr" | "Mrs" | "Ms" | "Miss";
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * From the accepted documents to a plan ready to pay for, the shortest way a person can go: the
 * plan is for them, their details (the address typed by hand), nobody else named, a new account,
 * and the email address confirmed by the link sent to it. Ends on `/purchase/options`.
 */
export async function becomeReadyToPay(page: Page, buyer: Buyer): Promise<void> {
  await page.getByRole("link", { name: "Continue to buy your plan" }).click();
  await expect(page).toHaveURL(/\/purchase$/);
  await page.getByRole("radio", { name: /^Me\b/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/purchase\/customer$/);
  await page.getByLabel("Title").selectOption(buyer.title);
  await page.getByLabel("First name").fill(buyer.firstName);
  await page.getByLabel("Last name").fill(buyer.lastName);
  await page.getByLabel("Day").fill("7");
  await page.getByLabel("Month").selectOption({ label: "March" });
  await page.getByLabel("Year").fill("1950");
  await page.getByRole("textbox", { name: "Email address", exact: true }).fill(buyer.email);
  await page.getByLabel("Confirm your email address").fill(buyer.email);
  await page.getByLabel("Phone number").fill("01632 960 001");
  await page.getByRole("button", { name: "Enter the address manually" }).click();
  await page.getByLabel("House number or name, and street").fill("14 Silbury Boulevard");
  await page.getByLabel("Town or city").fill("Milton Keynes");
  await page.getByLabel("Postcode").fill("MK9 2HP");
  await page.getByLabel("Country").selectOption("England");
  await page.getByRole("radio", { name: "Email" }).check();
  await page.getByRole("radio", { name: "Standard print" }).check();
  await page.getByRole("checkbox", { name: /happy to receive my documents in English/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/purchase\/additional$/);
  await page
    .getByRole("region", { name: "Someone we can speak to" })
    .getByRole("radio", { name: "No" })
    .check();
  await page.getByRole("region", { name: "Who is paying" }).getByRole("radio", { name: "No" }).check();
  await page.getByLabel("Create a password").fill(buyer.password);
  await page.getByLabel("Repeat your password").fill(buyer.password);
  await page.getByRole("button", { name: "Create my account and continue" }).click();

  await expect(page).toHaveURL(/\/purchase\/options$/);
  await expect(page.getByRole("heading", { name: "A few things are still needed" })).toBeVisible();
  const confirmation = await latestEmailTo(buyer.email, /confirm your email/i);
  await page.goto(linkIn(confirmation, "/account/confirm-email"));
  await expect(page.getByText(messages.emailConfirmed)).toBeVisible();
  await page.goto("/purchase/options");
  await expect(page.getByRole("heading", { name: "Your plan is ready to pay for" })).toBeVisible();
}

/** A plan ready to pay for: its total, id, short reference and its funeral director's branch. */
interface ReadyPlan {
  total: number;
  planId: string;
  planReference: string;
  branch: { name: string; email: string };
}

/**
 * A plan as a person leaves it who planned an attended cremation (as `planAnAttendedCremation`),
 * accepted the six documents, gave their details and confirmed their email address, made through
 * the web origin's API, sending what the screens send (purchase.spec.ts walks those screens one by
 * one). With `nominee`, the person named for us to speak to. Answers the plan's total, its id,
 * its short reference (decision 045) and its funeral director's branch.
 */
export async function planReadyToPayThroughApi(
  api: APIRequestContext,
  catalogue: PlanOptionsResponse,
  buyer: Buyer,
  { nominee = null }: { nominee?: NomineeFields | null } = {},
): Promise<ReadyPlan> {
  const { attended, cremated, familyLed, ownBearers, hearse, coffin, ashes, total } =
    attendedCremation(catalogue);
  const tokenAnswer = await api.post("/token", {
    form: { grant_type: "client_credentials", scope: "APPLICATION" },
  });
  const { access_token: visitorToken } = (await tokenAnswer.json()) as { access_token: string };
  const call = async (method: "GET" | "POST" | "PUT", url: string, data?: object) => {
    const answer = await api.fetch(url, {
      method,
      data,
      headers: { authorization: `Bearer ${visitorToken}` },
    });
    expect(answer.ok(), `${method} ${url}: ${await answer.text()}`).toBe(true);
    return answer;
  };

  const search = await call("GET", "/api/funeral-director/search?postcode=MK9%202HP");
  const [nearest] = ((await search.json()) as { branches: { id: number; name: string; email: string }[] })
    .branches;
  if (!nearest) throw new Error("No funeral director near MK9 2HP");
  const planned = await call("POST", "/api/guest/plan", {
    attendance: { option: { id: attended.id, code: attended.code } },
    funeralDirector: { id: nearest.id },
    burialCremation: { option: { id: cremated.id, code: cremated.code } },
    crematoria: { id: catalogue.defaultCrematory.id },
    celebrant: { celebrant: familyLed.id, notes: "" },
    pallbearers: { pallbearerType: ownBearers.id, notes: "", contribution: "0" },
    deceaseTransportation: { transportationType: hearse.id, notes: "", contribution: "0" },
    coffin: { id: coffin.id },
    ashes: { treatmentType: ashes.id, notes: "" },
  });
  const plan = (await planned.json()) as { id: string; reference: string; price: { total: number } };
  expect(plan.price.total).toBe(total);
  await call("PUT", `/api/plan/${plan.id}/legal`, {
    documents: legalDocumentReferences.map((docReference) => ({ docReference, accepted: true })),
  });
  // The person, their details as `becomeReadyToPay` gives them, the plan for them, and a password.
  await call("POST", `/api/plan/${plan.id}/customer-guest`, {
    ...customerGuestDetails(
      {
        title: buyer.title,
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        dateOfBirth: { day: "7", month: "03", year: "1950" },
        email: buyer.email,
        confirmEmail: buyer.email,
        address: addressDetails({ county: "", postcode: "MK9 2HP" }),
      },
      buyer.password,
    ),
    nominee,
  });
  const confirmation = new URL(
    linkIn(await latestEmailTo(buyer.email, /confirm your email/i), "/account/confirm-email"),
  );
  await call("GET", `/api${confirmation.pathname}${confirmation.search}`);
  return {
    total,
    planId: plan.id,
    planReference: plan.reference,
    branch: { name: nearest.name, email: nearest.email },
  };
}

/**
 * A person with a plan ready to pay for (`planReadyToPayThroughApi`, made on an earlier visit) comes
 * back to pay: they sign in on this browser and continue to payment from their account, so a
 * payment test spends its time on paying. Ends on `/purchase/options`, ready to pay; answers what
 * `planReadyToPayThroughApi` answers.
 */
export async function comeBackToPayForAnAttendedCremation(
  page: Page,
  catalogue: PlanOptionsResponse,
  buyer: Buyer,
  { nominee = null }: { nominee?: NomineeFields | null } = {},
): Promise<ReadyPlan> {
  const ready = await planReadyToPayThroughApi(page.request, catalogue, buyer, { nominee });
  await page.goto("/");
  await page.getByRole("link", { name: "Sign in" }).click();
  await signInThroughPrompt(page, buyer.email, buyer.password);
  await page.goto("/account");
  await page.getByRole("link", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/purchase\/options$/);
  await expect(page.getByRole("heading", { name: "Your plan is ready to pay for" })).toBeVisible();
  return ready;
}
