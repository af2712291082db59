import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { PlanOptionsResponse } from "@kindred/contracts";
import { formatPrice, monthNames } from "@kindred/domain";
import { expect } from "./fixtures";

/** The seeded catalogue, read through the web origin as the browser reads it. */
export async function fetchPlanOptions(request: APIRequestContext): Promise<PlanOptionsResponse> {
  const token = await request.post("/token", {
    form: { grant_type: "client_credentials", scope: "APPLICATION" },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const response = await request.get("/api/plan-options", {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as PlanOptionsResponse;
}

export function option<T extends { code: string }>(options: readonly T[], code: string): T {
  const found = options.find((candidate) => candidate.code === code);
  if (!found) throw new Error(`The catalogue has no ${code}`);
  return found;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The radio card whose name starts with the option's name (its price follows). */
export function radioFor(page: Page, name: string) {
  return page.getByRole("radio", { name: new RegExp(`^${escape(name)}\\b`) });
}

/** The running total, as the person sees it on this screen size. */
export async function expectTotal(page: Page, pence: number): Promise<void> {
  await expect(page.getByTestId("running-total").filter({ visible: true })).toHaveText(formatPrice(pence));
}

export async function continueTo(page: Page, step: string): Promise<void> {
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/planning/${step}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** Finds funeral directors near a postcode and chooses the nearest. */
export async function chooseNearestFuneralDirector(page: Page, postcode: string): Promise<void> {
  await page.getByLabel("Your postcode").fill(postcode);
  await page.getByRole("button", { name: "Search" }).click();
  const nearest = page.getByRole("radio").first();
  await expect(nearest).toBeVisible();
  await nearest.check();
}

/** What reaches past the right edge of the screen inside main: nothing should, on any screen size. */
export async function elementsPastTheRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`,
      )
      .slice(0, 5),
  );
}

/** A date into its three boxes, in the group named `group` within `scope`: the day, the month by name, the year. */
export async function fillDate(scope: Page | Locator, group: string, iso: string): Promise<void> {
  const [year = "", month = "", day = ""] = iso.split("-");
  const fields = scope.getByRole("group", { name: group });
  await fields.getByLabel("Day").fill(String(Number(day)));
  await fields.getByLabel("Month").selectOption({ label: monthNames[Number(month) - 1] ?? "" });
  await fields.getByLabel("Year").fill(year);
}
