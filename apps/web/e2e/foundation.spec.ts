import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pinnedNodeVersion } from "../../../test-setup/pinned-node";
import { apiPort } from "../playwright.config";
import { test, expect } from "./fixtures";

// Screens: desktop: the runtime, the security headers and the first price do not change with the
// size.

test("the running API is on the pinned Node.js", async ({ request }) => {
  const response = await request.get(`http://127.0.0.1:${apiPort}/healthz`);

  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", node: `v${pinnedNodeVersion}` });
});

test("the home page leads into planning, where choosing a kind of funeral updates the price", async ({
  page,
  checkAccessibility,
}) => {
  // A budget of its own: the home page, the first step and a price change, with scans: 32 s on a quiet 2-core
  // machine (issue 29).
  test.setTimeout(90_000);
  await page.goto("/");
  await expect(page).toHaveTitle("Prepaid funeral plans | Kindred Funeral Plans");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The plans with their prices, and the latest advice, come from the API as the page is made.
  await expect(page.getByRole("region", { name: "Our funeral plans" })).toContainText(
    /Simple cremation\s*£\d,\d{3}/,
  );
  await expect(page.getByRole("region", { name: "Funeral advice" }).getByRole("listitem")).toHaveCount(3);
  await checkAccessibility();

  await page.getByRole("link", { name: "Start planning" }).first().click();

  await expect(page).toHaveURL(/\/planning\/attendance$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "What kind of funeral would you like?" }),
  ).toBeVisible();
  const options = page.getByRole("radio");
  await expect(options).toHaveCount(3);
  await checkAccessibility();

  const total = page.getByTestId("running-total").filter({ visible: true });
  await expect(total).toHaveText("£0");
  await page.getByRole("radio", { name: /Unattended cremation/ }).check();
  await expect(total).toHaveText(/^£1,\d{3}$/);
  await page.getByRole("radio", { name: /Attended funeral/ }).check();
  await expect(total).toHaveText(/^£2,\d{3}$/);
  await checkAccessibility();
});

test.describe("the Content-Security-Policy", () => {
  test.use({ expectedConsoleErrors: [/Content Security Policy/] });

  test("runs the site's own scripts by nonce and refuses a script injected into the page", async ({
    page,
  }) => {
    const response = await page.goto("/planning/attendance");
    const policy = response?.headers()["content-security-policy"] ?? "";
    const scriptSources = /script-src ([^;]+)/.exec(policy)?.[1]?.split(" ") ?? [];

    expect(scriptSources).toContainEqual(expect.stringMatching(/^'nonce-[A-Za-z0-9+/]+=*'$/));
    expect(scriptSources).not.toContain("'unsafe-inline'");
    // The page works: its scripts ran, so choosing an option updates the price.
    await page.getByRole("radio", { name: /Unattended cremation/ }).check();
    await expect(page.getByTestId("running-total").filter({ visible: true })).toHaveText(/^£1,\d{3}$/);
    // Each page has a nonce of its own.
    const again = await page.request.get("/planning/attendance");
    expect(again.headers()["content-security-policy"]).not.toBe(policy);

    // A script an attacker managed to get into the page's HTML (say, a stored value shown
    // unescaped) does not run: the page is fetched as served, with one added.
    await page.route("**/planning/attendance", async (route) => {
      const served = await route.fetch();
      const html = (await served.text()).replace(
        "</body>",
        "<script>window.injected = true;</script></body>",
      );
      await route.fulfill({ response: served, body: html });
    });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    expect(await page.content()).toContain("window.injected = true;");
  });
});

test.describe("an unknown address", () => {
  test.use({ expectedConsoleErrors: [/status of 404 .*\/no-such-page\)$/] });

  test("shows a helpful not-found page", async ({ page, checkAccessibility }) => {
    const response = await page.goto("/no-such-page");

    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /start planning/i }).first()).toBeVisible();
    await checkAccessibility();
  });
});

test("tokens and plan options are served through the web origin, which adds the client secret", async ({
  request,
}) => {
  const tokenResponse = await request.post("/token", {
    form: { grant_type: "client_credentials", scope: "APPLICATION" },
  });
  expect(tokenResponse.status()).toBe(200);
  const token = (await tokenResponse.json()) as { access_token: string; expires_in: number };
  expect(token.expires_in).toBeGreaterThan(0);

  const withoutToken = await request.get("/api/plan-options");
  expect(withoutToken.status()).toBe(401);

  const planOptions = await request.get("/api/plan-options", {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  expect(planOptions.status()).toBe(200);
  const body = (await planOptions.json()) as { attendance: { code: string }[]; coffins: unknown[] };
  expect(body.attendance.map((option) => option.code)).toEqual(["attended", "unattended", "privateFarewell"]);
  expect(body.coffins).toHaveLength(12);
});

test("the client secret is in no file the browser can download", () => {
  const staticFolder = path.resolve(import.meta.dirname, "../.next/static");
  const files = (function list(folder: string): string[] {
    return readdirSync(folder).flatMap((name) => {
      const full = path.join(folder, name);
      return statSync(full).isDirectory() ? list(full) : [full];
    });
  })(staticFolder);

  expect(files.length).toBeGreaterThan(0);
  const secret = process.env.OAUTH_WEB_CLIENT_SECRET ?? "development-web-client-secret-change-me";
  for (const file of files) expect(readFileSync(file, "utf8")).not.toContain(secret);
});

test("the home page, the content pages and the journey's steps load without TanStack Query; the pages that read with it load it", async ({
  request,
}) => {
  /**
   * Whether any script the page's HTML names (its first load) holds TanStack Query (its provider's
   * error is in its client's code).
   */
  async function firstLoadHoldsQuery(pagePath: string): Promise<boolean> {
    const html = await (await request.get(pagePath)).text();
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const bodies = await Promise.all(scripts.map(async (src) => (await request.get(src)).text()));
    return bodies.some((body) => body.includes("No QueryClient set"));
  }

  // Decision 033: Query's provider is only in the pages that read server data with it; a journey
  // step loads it after the page, to restore a saved plan.
  expect(await firstLoadHoldsQuery("/")).toBe(false);
  expect(await firstLoadHoldsQuery("/faqs")).toBe(false);
  expect(await firstLoadHoldsQuery("/planning/attendance")).toBe(false);
  expect(await firstLoadHoldsQuery("/planning/coffin")).toBe(false);
  expect(await firstLoadHoldsQuery("/planning/documents")).toBe(true);
  expect(await firstLoadHoldsQuery("/account")).toBe(true);
});
