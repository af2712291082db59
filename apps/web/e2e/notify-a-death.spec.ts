import type { Page } from "@playwright/test";
import type { PlanOptionsResponse } from "@kindred/contracts";
import { atNeedPhone, formatPrice, messages, ukToday } from "@kindred/domain";
import { latestEmailTo, linkIn, newPerson } from "./account-support";
import { test, expect, keepScreenshot } from "./fixtures";
import { elementsPastTheRightEdge, fetchPlanOptions, fillDate } from "./journey-support";
import { planPayingByDirectDebit } from "./seeded-plans";

// Screens: phone: the form is read on a phone by someone who has just lost a person (issue 23 item
// 4).

// Until the email address is confirmed, the API answers that the plan is not ready (422).
test.use({ expectedConsoleErrors: [/status of 422 .*\/api\/plan\/valid/] });

let catalogue: PlanOptionsResponse;
test.beforeAll(async ({ request }) => {
  catalogue = await fetchPlanOptions(request);
});

/** A picture of the whole page at a phone's width, with nothing cut off, and back to the size it was. */
async function phoneScreenshot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, name);
  expect(await elementsPastTheRightEdge(page)).toEqual([]);
  if (size) await page.setViewportSize(size);
}

test("the person named on a plan tells us of a death online and confirms it from our email; the funeral director and they are emailed, and the account shows the funeral requested", async ({
  page,
  browser,
  checkAccessibility,
}) => {
  // A budget of its own: a plan bought by a deposit and 60 monthly payments (through the API, as
  // the customer's browser would: payment.spec.ts walks the screens), the form refused and then
  // sent, four scans, the confirmation from the email, and the account.
  test.setTimeout(150_000);
  const buyer = {
    ...newPerson("notify-buyer"),
    title: "Mrs" as const,
    firstName: "Edith",
    lastName: "Price",
  };
  const nominee = {
    title: "Mr",
    titleText: "",
    firstName: "David",
    lastName: "Price",
    email: newPerson("notify-nominee").email,
    phone: "07700 900982",
    isSameAddressAsCustomer: "yes",
    address: null,
  };
  const deposit = 25_000;

  // The customer buys, in a browser of their own, a plan by a deposit and 60 monthly payments.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const { total, planId, planReference, branch } = await planPayingByDirectDebit(customer, catalogue, buyer, {
    deposit,
    months: 60,
    nominee,
  });

  // Later, the person named on the plan, in a browser that has never seen it, finds the way from
  // the header.
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Tell us someone has died" }).click();
  await expect(page).toHaveURL(/\/notify-a-death$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tell us that someone has died" })).toBeVisible();
  const callInstead = page.getByRole("region", { name: "Would you rather talk to someone?" });
  await expect(callInstead.getByRole("link", { name: atNeedPhone.display })).toHaveAttribute(
    "href",
    `tel:${atNeedPhone.dial}`,
  );
  await expect(callInstead).toContainText("Answered 24 hours a day");
  await checkAccessibility();
  await phoneScreenshot(page, "form");

  // Sent with a question left out: the summary and the message under the question, nothing lost.
  const person = page.getByRole("region", { name: "About the person who died" });
  await person.getByLabel("Their first name").fill(buyer.firstName);
  await person.getByLabel("Their last name").fill(buyer.lastName);
  await fillDate(page, "Their date of birth", "1950-03-07");
  await page.getByRole("button", { name: "Send" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(
    summary.getByRole("link", { name: `Plan reference: ${messages.planReferenceOrPostcodeNeeded}` }),
  ).toBeVisible();
  await expect(summary.getByRole("link", { name: messages.tellUs("your email address") })).toBeVisible();
  await expect(person.getByLabel("Their last name")).toHaveValue(buyer.lastName);
  await checkAccessibility();
  await phoneScreenshot(page, "form-with-errors");

  // Typed as it is read out from a letter: any case, spaces for the dashes (decision 045).
  await person
    .getByLabel("Plan reference (if you have it)")
    .fill(planReference.toLowerCase().replaceAll("-", " "));
  const today = ukToday();
  await fillDate(page, "The date they died", today);
  await page.getByRole("radio", { name: "I do not know" }).check();
  await page.getByRole("radio", { name: "In hospital" }).check();
  await page.getByLabel("Where exactly (optional)").fill("Milton Keynes University Hospital");
  const you = page.getByRole("region", { name: "About you" });
  await you.getByLabel("Your first name").fill(nominee.firstName);
  await you.getByLabel("Your last name").fill(nominee.lastName);
  await you.getByRole("radio", { name: "Named on the plan as the person to speak to" }).check();
  await you.getByLabel("Your email address").fill(nominee.email);
  await you.getByLabel("Your phone number").fill(nominee.phone);
  await page.getByRole("button", { name: "Send" }).click();

  const answer = page.getByRole("status").filter({ hasText: "We have your message" });
  await expect(answer).toContainText(messages.deathNotificationReceived);
  await expect(answer).toContainText(/Your reference is \S+\./);
  await expect(page.getByRole("region", { name: "What happens next" })).toBeVisible();
  await checkAccessibility();
  await phoneScreenshot(page, "answer");

  // The report alone changes nothing: everyone on the plan is told, and the person named on it
  // confirms the death from our email (decision 040). Opening the link does nothing; the button does.
  await latestEmailTo(buyer.email, /^We have been told of a death under funeral plan/);
  const reported = await latestEmailTo(nominee.email, /^We have been told of a death under funeral plan/);
  await page.goto(linkIn(reported, "/notify-a-death/confirm"));
  await expect(page.getByRole("heading", { level: 1, name: "Confirm that they have died" })).toBeVisible();
  await checkAccessibility();
  await page.getByRole("button", { name: "Yes, confirm that they have died" }).click();
  await expect(page.getByText(messages.deathConfirmedThankYou)).toBeVisible();
  await phoneScreenshot(page, "death-confirmed");

  // The funeral director in the plan is instructed, and the person named on the plan told what the family pays.
  // The branch is every test's and run's: its instruction for this plan is the one whose subject names it.
  const instruction = await latestEmailTo(
    branch.email,
    new RegExp(`^Funeral instruction: .*, plan ${planReference}$`),
  );
  expect(instruction.text).toContain(`Plan reference: ${planReference}`);
  const told = await latestEmailTo(nominee.email, /funeral plan: what happens next$/);
  expect(told.text).toContain(formatPrice(total - deposit));
  expect(told.text).toContain(formatPrice(deposit));

  // The customer's account, where they are still signed in, shows the funeral requested.
  await customer.goto(`/account?plan=${planId}`);
  const funeral = customer.getByRole("region", { name: "Funeral requested" });
  await expect(funeral).toContainText(
    `${formatPrice(total - deposit)} for the funeral as planned, or nothing, with ${formatPrice(deposit)} given back`,
  );
  await expect(funeral).toContainText(
    "If the death was the result of an accident, the funeral is provided in full",
  );
  await expect(customer.getByRole("button", { name: "Cancel this plan" })).toHaveCount(0);
  await phoneScreenshot(customer, "account-funeral-requested");
  await customerContext.close();
});
