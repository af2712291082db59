import { readFile } from "node:fs/promises";
import { accountDataSchema } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { newPerson, registerThroughApi, signInThroughPrompt, storedKeys } from "./account-support";
import { expect, keepScreenshot, test } from "./fixtures";

// Screens: phone: the confirmation dialog, the password box and the download are looked at where
// they are tightest; the account's pages are looked at on the desktop in account.spec.ts.

/**
 * "Your data" on the account (issue 25 item 12; docs/decisions/030-data-rights-and-retention.md):
 * a person downloads everything we hold about them, then deletes their account, which has no
 * plan bought, and is signed out.
 */
// The deleted account's password, tried at the end, is refused by the token endpoint.
test.use({ expectedConsoleErrors: [/status of 400 .*\/token\)$/] });

test("download my data as a file, then delete an account with no plan bought and be signed out", async ({
  page,
  request,
  checkAccessibility,
}) => {
  test.setTimeout(90_000);
  // The phone the dialog is looked at on: 390 by 844, a common phone's screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const person = newPerson("your-data");
  await registerThroughApi(request, person);
  await page.goto("/account");
  await signInThroughPrompt(page, person.email, person.password);
  const section = page.getByRole("region", { name: "Your data" });
  await expect(section).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await keepScreenshot(page, "your-data", { window: true });

  const downloading = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download my data (file)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kindred-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = accountDataSchema.parse(JSON.parse(await readFile(await download.path(), "utf8")));
  expect(data.account.email).toBe(person.email);
  expect(data.plans).toEqual([]);

  await section.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account" });
  await expect(dialog.getByText("your account itself, and you will be signed out")).toBeVisible();
  await expect(dialog.getByText("What the law requires us to keep")).toHaveCount(0);
  await keepScreenshot(page, "delete-account-dialog", { window: true });
  await checkAccessibility();

  await dialog.getByLabel("Your password").fill(person.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();

  const deleted = page.getByRole("dialog", { name: "Your account has been deleted" });
  await expect(deleted.getByText(messages.accountDeleted)).toBeVisible();
  await keepScreenshot(page, "account-deleted", { window: true });
  expect((await storedKeys(page)).local.isUserLoggedIn).toBeUndefined();
  // A full page load: the link is a plain one, so nothing of the account is kept.
  await deleted.getByRole("link", { name: "Go to the home page" }).click();
  await page.waitForURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  // The account is gone: its password signs nobody in.
  await page.getByRole("link", { name: "Sign in" }).click();
  const prompt = page.getByRole("dialog", { name: /Sign in or create an account/ });
  const signInForm = prompt.locator("form").filter({ has: page.getByRole("button", { name: "Sign in" }) });
  await signInForm.getByLabel("Email address").fill(person.email);
  await signInForm.getByLabel("Password", { exact: true }).fill(person.password);
  await signInForm.getByRole("button", { name: "Sign in" }).click();
  await expect(prompt.getByText(messages.signInFailed)).toBeVisible();
});
