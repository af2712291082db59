import type { Page } from "@playwright/test";
import type { PlanOptionsResponse } from "@kindred/contracts";
import { formatPrice } from "@kindred/domain";
import { latestEmailTo, newPerson } from "./account-support";
import { test, expect, keepScreenshot } from "./fixtures";
import { elementsPastTheRightEdge, fetchPlanOptions } from "./journey-support";
import { comeBackToPayForAnAttendedCremation } from "./purchase-support";

// Screens: desktop: the flow is the same at any size, and each screen is also pictured and checked
// at a 390 px phone's width.

/**
 * A deposit left unpaid (issue 25 item 1): the Direct Debit is set up, the person leaves before
 * paying the deposit by card, and their account says what is outstanding and leads back to pay it.
 */

let catalogue: PlanOptionsResponse;
test.beforeAll(async ({ request }) => {
  catalogue = await fetchPlanOptions(request);
});

/** A screenshot of the whole page at this size and at a 390 px phone's width, with nothing cut off. */
async function screenshot(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, name);
  expect(await elementsPastTheRightEdge(page)).toEqual([]);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, `${name}-390`);
  expect(await elementsPastTheRightEdge(page)).toEqual([]);
  if (size) await page.setViewportSize(size);
}

test("a deposit left unpaid after the Direct Debit is shown in the account, and paid from there", async ({
  page,
  checkAccessibility,
}) => {
  // Signing in, the Direct Debit, the account twice and the deposit, with scans: about the
  // Direct Debit test of payment.spec.ts without its refused details and bank step.
  test.setTimeout(180_000);
  const buyer = { ...newPerson("deposit-owed"), title: "Mrs" as const, firstName: "Ruth", lastName: "Ellis" };
  await comeBackToPayForAnAttendedCremation(page, catalogue, buyer);
  const deposit = 50_000;

  await page.getByRole("radio", { name: /Pay a deposit, then monthly by Direct Debit/ }).check();
  await page.getByRole("radio", { name: formatPrice(deposit), exact: true }).check();
  await page.getByRole("radio", { name: /^12 months/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/purchase\/plan$/);
  await page.getByLabel("Name of the account holder").fill("Ruth Ellis");
  await page.getByLabel("Sort code").fill("20-00-00");
  await page.getByLabel("Account number").fill("55779911");
  await page.getByRole("checkbox", { name: /I am the account holder/ }).check();
  await page.getByRole("button", { name: "Set up Direct Debit" }).click();
  await expect(page.getByRole("heading", { name: "Your Direct Debit is set up" })).toBeVisible();

  // The person leaves before paying the deposit, and opens their account.
  await page.goto("/account");
  const card = page.getByRole("listitem").filter({ hasText: "Paying by instalments" });
  await expect(card).toContainText(
    `Paying by instalments: your deposit of ${formatPrice(deposit)} is still to pay`,
  );
  await expect(card.getByRole("link", { name: "Pay your deposit" })).toBeVisible();
  await checkAccessibility();
  await screenshot(page, "deposit-owed-dashboard");

  await card.getByRole("link", { name: "See this plan" }).click();
  const owed = page.getByRole("region", { name: `Your deposit of ${formatPrice(deposit)} is still to pay` });
  await expect(owed).toBeVisible();
  await expect(owed.getByRole("link", { name: "Pay your deposit" })).toBeInViewport();
  await checkAccessibility();
  await screenshot(page, "deposit-owed-account");

  // Its notice said so too, with the way to the account.
  const notice = await latestEmailTo(buyer.email, /^Your Direct Debit is set up/);
  expect(notice.text).toContain(
    `Your deposit of ${formatPrice(deposit)} is paid by card: if you have not finished paying it, you can pay it in your account.`,
  );

  await owed.getByRole("link", { name: "Pay your deposit" }).click();
  await expect(page).toHaveURL(/\/purchase\/plan$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pay your deposit" })).toBeVisible();
  const cardPage = page.getByRole("region", { name: "Card details: test payment page" });
  await expect(cardPage).toBeVisible();
  await checkAccessibility();
  await screenshot(page, "deposit-owed-payment");
  await cardPage.getByLabel("Card number").fill("4242 4242 4242 4242");
  await cardPage.getByLabel("Expiry date").fill("04/39");
  await cardPage.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: `Pay ${formatPrice(deposit)}` }).click();

  await expect(page).toHaveURL(/\/purchase\/complete\?plan=/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Thank you. Your plan is set up" })).toBeVisible();
  await page.getByRole("link", { name: "Go to your account" }).click();
  await expect(
    page.getByRole("definition").filter({ hasText: /Paying by instalments: 0 of 12/ }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Pay your deposit" })).toHaveCount(0);
});
