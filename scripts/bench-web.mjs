/* global document, MutationObserver -- the timing runs inside the page */
// `npm run bench:web`: what a journey step page costs a browser, against a bare Next.js page
// built with the same versions, how long a click on an option takes to reach the total, and
// Lighthouse's mobile performance score and layout shift for the main pages (the coffin and the
// summary both as a new visitor meets them and with a journey in progress in the tab).
// Builds the bare page in a temporary folder; expects `npm run build` to have been run.
// Everything runs on 127.0.0.1 and stops by itself.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { runOnPinnedNode } from "./pinned-node.mjs";

await runOnPinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const next = path.join(root, "node_modules/next/dist/bin/next");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };
const launchOptions = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

async function waitFor(url) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not start`);
}

function buildBareApp() {
  // Inside the repository, so Next.js finds the same node_modules (it will not follow a symlink
  // out of its workspace); the folder is ignored by git and removed afterwards.
  const folder = path.join(root, ".bench-bare-next");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(path.join(folder, "app"), { recursive: true });
  writeFileSync(path.join(folder, "package.json"), JSON.stringify({ private: true, type: "module" }));
  writeFileSync(path.join(folder, "next.config.mjs"), "export default {};\n");
  writeFileSync(
    path.join(folder, "app/layout.jsx"),
    'export default function Layout({ children }) { return <html lang="en-GB"><body>{children}</body></html>; }\n',
  );
  writeFileSync(
    path.join(folder, "app/page.jsx"),
    '"use client";\nimport { useState } from "react";\nexport default function Page() { const [n, setN] = useState(0); return <button onClick={() => setN(n + 1)}>{n}</button>; }\n',
  );
  const result = spawnSync(process.execPath, [next, "build"], { cwd: folder, env, stdio: "ignore" });
  if (result.status !== 0) throw new Error("The bare Next.js page did not build");
  return folder;
}

async function scriptBytes(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  const bytes = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => entry.initiatorType === "script" || entry.name.endsWith(".js"))
      .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
  );
  await context.close();
  return bytes;
}

async function clickToTotal(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  await page.getByRole("radio").first().waitFor();
  const timings = [];
  const radios = page.getByRole("radio");
  for (let round = 0; round < 20; round += 1) {
    const target = radios.nth(round % 3);
    const elapsed = await target.evaluate(
      (input) =>
        new Promise((resolve) => {
          const total = [...document.querySelectorAll('[data-testid="running-total"]')];
          const observer = new MutationObserver(() => {
            observer.disconnect();
            resolve(performance.now() - start);
          });
          for (const element of total)
            observer.observe(element, { childList: true, characterData: true, subtree: true });
          const start = performance.now();
          input.click();
        }),
    );
    timings.push(elapsed);
  }
  await context.close();
  timings.sort((a, b) => a - b);
  return { median: timings[Math.floor(timings.length / 2)], worst: timings.at(-1) };
}

const lighthouseVersion = JSON.parse(
  readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"),
).version;
const lighthousePages = ["/", "/planning/attendance", "/planning/coffin", "/planning/summary"];
// The ports can be moved by environment variables, so two runs on one machine do not meet.
const port = (name, fallback) => Number(process.env[name] ?? fallback);
const webPort = port("BENCH_WEB_PORT", 3210);
const apiPort = port("BENCH_API_PORT", 4210);
const barePort = port("BENCH_BARE_PORT", 3211);
const debuggingPort = port("BENCH_DEBUGGING_PORT", 9333);

/** How many times Lighthouse loads each page: its score varies from run to run, so the median run is reported. */
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/**
 * Lighthouse's default (mobile, simulated slow 4G) performance run of `path`, `lighthouseRuns`
 * times: the median run's figures, and the lowest and highest scores. With `tab`, it runs in that
 * tab and keeps the tab's storage (a journey in progress), and checks the page was not left.
 */
async function medianScore(baseUrl, page, tab) {
  const runs = [];
  for (let run = 0; run < lighthouseRuns; run += 1) {
    const { lhr } = await lighthouse(
      `${baseUrl}${page}`,
      {
        port: debuggingPort,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        disableStorageReset: tab !== undefined,
      },
      undefined,
      tab,
    );
    if (tab && !lhr.finalDisplayedUrl.endsWith(page)) throw new Error(`${page} was not kept`);
    runs.push({
      page,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      lcp: lhr.audits["largest-contentful-paint"].numericValue,
      tbt: lhr.audits["total-blocking-time"].numericValue,
    });
  }
  runs.sort((a, b) => a.performance - b.performance);
  return {
    ...runs[Math.floor((runs.length - 1) / 2)],
    lowest: runs[0].performance,
    highest: runs.at(-1).performance,
  };
}

/** Each of the main pages as a new visitor meets it, one page at a time. */
async function lighthouseScores(baseUrl) {
  const scores = [];
  for (const page of lighthousePages) scores.push(await medianScore(baseUrl, page));
  return scores;
}

/**
 * This tab's journey storage once a visitor has planned as far as `target` (a step's path): at
 * each step the first option unless one is chosen already, the nearest funeral director, and
 * Continue, as a person would click through.
 */
async function journeyTo(browser, baseUrl, target) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/planning/attendance`);
  for (let step = 0; step < 15 && !page.url().endsWith(target); step += 1) {
    const before = page.url();
    if (before.endsWith("/planning/funeral-director")) {
      await page.getByLabel("Your postcode").fill("B1 1BB");
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("radio").first().waitFor();
    }
    // A step may still be settling (the crematoria are ordered once the funeral director's
    // position is in), so an answer that did not take is given again, three times at most.
    const question = await page.getByRole("heading", { level: 1 }).textContent();
    let movedOn = false;
    for (let attempt = 0; attempt < 3 && !movedOn; attempt += 1) {
      await page.waitForLoadState("networkidle");
      const radios = page.locator("main input[type=radio]:visible");
      if ((await radios.count()) > 0 && (await page.locator("main input[type=radio]:checked").count()) === 0)
        await radios.first().check();
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      movedOn = await page
        .waitForFunction((asked) => document.querySelector("h1")?.textContent !== asked, question, {
          timeout: 3_000,
        })
        .then(() => true)
        .catch(() => false);
    }
    if (!movedOn) {
      await page.screenshot({ path: path.join(os.tmpdir(), "bench-web-journey.png") });
      throw new Error(`The journey did not go on from ${before}`);
    }
  }
  if (!page.url().endsWith(target)) throw new Error(`The journey stopped at ${page.url()}`);
  const session = await page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
  await context.close();
  return session;
}

/** Lighthouse's run of a journey page in a tab whose journey has reached it (storage kept). */
async function inProgressScore(browser, baseUrl, target) {
  const session = await journeyTo(browser, baseUrl, target);
  const connection = await puppeteer.connect({ browserURL: `http://127.0.0.1:${debuggingPort}` });
  try {
    const tab = await connection.newPage();
    await tab.goto(`${baseUrl}/planning`);
    await tab.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
    }, session);
    return await medianScore(baseUrl, target, tab);
  } finally {
    await connection.disconnect();
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "kindred-bench-web-"));
// Started as `npm start` starts it: the API on its offline defaults (PGlite, the outbox), which
// NODE_ENV=production would refuse.
const { NODE_ENV: _buildMode, ...startEnv } = env;
const product = spawn(process.execPath, [path.join(root, "scripts/start.mjs"), "--no-build"], {
  env: {
    ...startEnv,
    PORT: String(webPort),
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const bareFolder = buildBareApp();
const bare = spawn(process.execPath, [next, "start", "-p", String(barePort)], {
  cwd: bareFolder,
  env,
  stdio: "ignore",
});

try {
  await waitFor(`http://127.0.0.1:${webPort}/`);
  await waitFor(`http://127.0.0.1:${barePort}/`);
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...launchOptions.args, `--remote-debugging-port=${debuggingPort}`],
  });
  const bareBytes = await scriptBytes(browser, `http://127.0.0.1:${barePort}/`);
  const stepBytes = await scriptBytes(browser, `http://127.0.0.1:${webPort}/planning/attendance`);
  const homeBytes = await scriptBytes(browser, `http://127.0.0.1:${webPort}/`);
  const click = await clickToTotal(browser, `http://127.0.0.1:${webPort}/planning/attendance`);
  const scores = await lighthouseScores(`http://127.0.0.1:${webPort}`);
  const inProgress = [];
  for (const target of ["/planning/coffin", "/planning/summary"])
    inProgress.push(await inProgressScore(browser, `http://127.0.0.1:${webPort}`, target));
  await browser.close();

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log("\nJavaScript a browser downloads on first load (compressed, as served):");
  console.log(`  bare Next.js page            ${kb(bareBytes)}`);
  console.log(`  home page                    ${kb(homeBytes)}`);
  console.log(
    `  journey step (attendance)    ${kb(stepBytes)}  (${(stepBytes / bareBytes).toFixed(2)} x bare; target 1.15)`,
  );
  console.log("\nClick on an option to the updated total (20 clicks, in the browser):");
  console.log(
    `  median ${click.median.toFixed(1)} ms, worst ${click.worst.toFixed(1)} ms (target: one frame, 16 ms)`,
  );
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile, median of ${lighthouseRuns} run(s) a page (targets: score 95, CLS below 0.02):`,
  );
  const line = ({ page, performance, lowest, highest, cls, lcp, tbt }, remark = "") =>
    console.log(
      `  ${page.padEnd(20)} ${String(performance).padStart(3)} (${lowest} to ${highest})   CLS ${cls.toFixed(3)}   LCP ${(lcp / 1000).toFixed(1)} s   TBT ${Math.round(tbt)} ms${remark}`,
    );
  for (const score of scores) line(score);
  console.log("  (coffin and summary above are measured as a new visitor meets them, with no journey yet:");
  console.log("  a script in the page's head sends them to the first step before anything is drawn)");
  for (const score of inProgress) line(score, "   (a journey in progress in this tab)");
} finally {
  product.kill("SIGTERM");
  bare.kill("SIGTERM");
  rmSync(bareFolder, { recursive: true, force: true });
}
