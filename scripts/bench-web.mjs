/* global document, MutationObserver, requestAnimationFrame, window -- the timing runs inside the page */
// `npm run bench:web`: our pages against a bare Next.js page built with the same versions, in one
// run, so the figures hold on any machine (issue 28). Lighthouse (mobile defaults) loads the bare
// page and then each of our pages, in turn, `BENCH_LIGHTHOUSE_RUNS` times (default 5), so the
// machine's load falls on both alike; it prints the medians of score, total blocking time and
// largest contentful paint, and each page's difference or ratio to the bare page's against the
// targets. It also prints the first-load JavaScript of a journey step and the bare page, the
// click on an option to the updated total, Interaction to Next Paint on a processor slowed 4
// times, and each page's first-load chunks with their biggest modules.
// Builds the bare page in a temporary folder; expects `npm run build` to have been run.
// Everything runs on 127.0.0.1 and stops by itself.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { tsImport } from "tsx/esm/api";
import { firstLoadChunks } from "./bench/web-bundles.mjs";
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

// The ports can be moved by environment variables, so two runs on one machine do not meet.
const port = (name, fallback) => Number(process.env[name] ?? fallback);
const webPort = port("BENCH_WEB_PORT", 3210);
const apiPort = port("BENCH_API_PORT", 4210);
const barePort = port("BENCH_BARE_PORT", 3211);
const debuggingPort = port("BENCH_DEBUGGING_PORT", 9333);
const webUrl = `http://127.0.0.1:${webPort}`;
const bareUrl = `http://127.0.0.1:${barePort}`;

/** How many times Lighthouse loads each page (and the bare page beside it): the median is reported. */
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

// The end-to-end tests' helpers make the customer who is ready to pay; they read that customer's
// emails from the data folder the tests' configuration names for this web port.
process.env.E2E_WEB_PORT = String(webPort);
const e2e = (file) => tsImport(path.join(root, "apps/web", file), import.meta.url);
const { dataDir } = await e2e("playwright.config.ts");
const { comeBackToPayForAnAttendedCremation } = await e2e("e2e/purchase-support.ts");
const { fetchPlanOptions } = await e2e("e2e/journey-support.ts");
const { newPerson } = await e2e("e2e/account-support.ts");

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");
const startingLoad = loadAverage();
const lighthouseVersion = JSON.parse(
  readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"),
).version;
const benchSettings = Object.entries(process.env)
  .filter(([name]) => name.startsWith("BENCH_"))
  .map(([name, value]) => `${name}=${value}`)
  .sort();

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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 === 1
    ? sorted[(sorted.length - 1) / 2]
    : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

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
  return { median: median(timings), worst: Math.max(...timings) };
}

/**
 * Keeps the page's Event Timing entries of interactions (16 ms or longer: the API's floor) in
 * `window.benchInteractions`, from before the page's own scripts run.
 */
function observeInteractions() {
  window.benchInteractions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        window.benchInteractions.push({ id: entry.interactionId, duration: entry.duration });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
}

/**
 * The latency of the interaction `act` makes, as Interaction to Next Paint counts it: the longest
 * event of that interaction, from the input to the next paint. Entries are delivered after that
 * paint, so this waits two frames and a moment. Answers 0 when no event of it took 16 ms.
 */
async function interactionLatency(page, act) {
  await page.evaluate(() => {
    window.benchInteractions = [];
  });
  await act();
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(
              () => resolve(Math.max(0, ...window.benchInteractions.map((entry) => entry.duration))),
              100,
            ),
          ),
        );
      }),
  );
}

/** A page of the journey open in Chromium with the processor slowed 4 times (after it has loaded). */
async function slowedPage(browser, url) {
  const context = await browser.newContext();
  await context.addInitScript(observeInteractions);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  await page.getByRole("radio").first().waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { context, page };
}

/**
 * Interaction to Next Paint on a processor slowed 4 times, for choosing an option on `url` (10
 * choices on one page) and for pressing Continue there with an option chosen (5 loads).
 */
async function interactionToNextPaint(browser, url) {
  const choosing = [];
  {
    const { context, page } = await slowedPage(browser, url);
    const radios = page.getByRole("radio");
    for (let round = 0; round < 10; round += 1)
      choosing.push(await interactionLatency(page, () => radios.nth(round % 2).click()));
    await context.close();
  }
  const continuing = [];
  for (let round = 0; round < 5; round += 1) {
    const { context, page } = await slowedPage(browser, url);
    await page.getByRole("radio").first().click();
    const before = page.url();
    continuing.push(
      await interactionLatency(page, async () => {
        await page.getByRole("button", { name: "Continue", exact: true }).click();
        await page.waitForURL((address) => address.href !== before);
      }),
    );
    await context.close();
  }
  const summary = (values) => ({ median: median(values), worst: Math.max(...values) });
  return { choosing: summary(choosing), continuing: summary(continuing) };
}

/**
 * This tab's journey storage once a visitor has planned as far as `target` (a step's path): at
 * each step the first option unless one is chosen already, the nearest funeral director, and
 * Continue, as a person would click through.
 */
async function journeyTo(browser, target) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${webUrl}/planning/attendance`);
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
  return { local: {}, session };
}

/**
 * Both storage areas of a signed-in customer whose plan is ready to pay for (planned, documents
 * accepted, details given and email address confirmed, then signed in on this browser), as the
 * payment tests make them; the tab ends on `/purchase/options`.
 */
async function readyToPay(browser) {
  const context = await browser.newContext({ baseURL: webUrl });
  const page = await context.newPage();
  const catalogue = await fetchPlanOptions(context.request);
  await comeBackToPayForAnAttendedCremation(page, catalogue, { title: "Mrs", ...newPerson("bench") });
  const storage = await page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
  }));
  await context.close();
  return storage;
}

/** One Lighthouse mobile performance run of `url`; with `tab`, in that tab, its storage kept. */
async function lighthouseRun(url, tab) {
  const { lhr } = await lighthouse(
    url,
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
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
  const shown = new URL(lhr.finalDisplayedUrl).pathname;
  if (tab && shown !== new URL(url).pathname)
    throw new Error(`${url} was not kept (Lighthouse saw ${shown})`);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    lcp: lhr.audits["largest-contentful-paint"].numericValue,
    tbt: lhr.audits["total-blocking-time"].numericValue,
  };
}

/**
 * The pages Lighthouse measures. Those with `storage` run in a tab of their own whose storage is
 * put back before each run (a new visitor's run of our site in between clears the site's
 * storage) and whose HTTP cache is emptied, as a bare run's is.
 */
async function measuredPages(browser) {
  const journeyToCoffin = await journeyTo(browser, "/planning/coffin");
  const journeyToSummary = await journeyTo(browser, "/planning/summary");
  const signedIn = await readyToPay(browser);
  return [
    { path: "/" },
    { path: "/planning/attendance" },
    { path: "/planning/coffin", remark: "new visitor: sent to the first step" },
    { path: "/planning/summary", remark: "new visitor: sent to the first step" },
    { path: "/planning/coffin", remark: "a journey in the tab", storage: journeyToCoffin },
    { path: "/planning/summary", remark: "a journey in the tab", storage: journeyToSummary },
    { path: "/purchase/options", remark: "signed in, ready to pay", storage: signedIn },
    { path: "/account", remark: "signed in, a plan ready to pay", storage: signedIn },
  ];
}

/** Puts `storage` back in `tab` (on a plain file of the site, so no page of ours is running). */
async function restoreStorage(tab, storage) {
  // Lighthouse's tab must be in front: a tab behind another paints nothing.
  await tab.bringToFront();
  await tab.goto(`${webUrl}/robots.txt`);
  await tab.evaluate(({ local, session }) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
    for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
  }, storage);
  const cdp = await tab.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
}

/** Run r of 1..N: for each page, the bare page and then the page, so both meet the same load. */
async function interleavedLighthouse(pages) {
  const connection = await puppeteer.connect({ browserURL: `http://127.0.0.1:${debuggingPort}` });
  try {
    const measured = [];
    for (const page of pages)
      measured.push({
        ...page,
        tab: page.storage ? await connection.newPage() : undefined,
        runs: [],
        bareRuns: [],
      });
    for (let run = 0; run < lighthouseRuns; run += 1) {
      for (const page of measured) {
        // Progress, apart from the results: a full run takes a while.
        process.stderr.write(
          `Lighthouse run ${run + 1} of ${lighthouseRuns}: ${page.path} and the bare page\n`,
        );
        page.bareRuns.push(await lighthouseRun(`${bareUrl}/`));
        if (page.storage) await restoreStorage(page.tab, page.storage);
        page.runs.push(await lighthouseRun(`${webUrl}${page.path}`, page.tab));
      }
    }
    return measured;
  } finally {
    await connection.disconnect();
  }
}

const dataFolder = dataDir;
rmSync(dataFolder, { recursive: true, force: true });
mkdirSync(dataFolder, { recursive: true });
// Started as `npm start` starts it: the API on its offline defaults (PGlite, the outbox), which
// NODE_ENV=production would refuse.
const { NODE_ENV: _buildMode, ...startEnv } = env;
const product = spawn(process.execPath, [path.join(root, "scripts/start.mjs"), "--no-build"], {
  env: {
    ...startEnv,
    PORT: String(webPort),
    API_PORT: String(apiPort),
    DATA_DIR: dataFolder,
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
  await waitFor(`${webUrl}/`);
  await waitFor(`${bareUrl}/`);
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...launchOptions.args, `--remote-debugging-port=${debuggingPort}`],
  });
  const bareBytes = await scriptBytes(browser, `${bareUrl}/`);
  const stepBytes = await scriptBytes(browser, `${webUrl}/planning/attendance`);
  const homeBytes = await scriptBytes(browser, `${webUrl}/`);
  const click = await clickToTotal(browser, `${webUrl}/planning/attendance`);
  const inp = await interactionToNextPaint(browser, `${webUrl}/planning/attendance`);
  const pages = await interleavedLighthouse(await measuredPages(browser));
  await browser.close();
  const bundles = firstLoadChunks(path.join(root, "apps/web"), next, env, ["/planning/attendance", "/"]);
  const endingLoad = loadAverage();

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  const verdict = (met) => (met ? "met" : "NOT met");
  console.log(`\nCommand: ${[...benchSettings, "npm run bench:web"].join(" ")}`);
  console.log(
    `Load average (1, 5, 15 min): ${startingLoad} at the start, ${endingLoad} at the end (${os.cpus().length} cores)`,
  );

  console.log("\nJavaScript a browser downloads on first load (compressed, as served):");
  console.log(`  bare Next.js page            ${kb(bareBytes)}`);
  console.log(`  home page                    ${kb(homeBytes)}`);
  console.log(
    `  journey step (attendance)    ${kb(stepBytes)}  (${(stepBytes / bareBytes).toFixed(2)} x bare; target at most 160 kB: ${verdict(stepBytes <= 160 * 1024)})`,
  );

  console.log("\nClick on an option to the updated total (20 clicks, in the browser):");
  console.log(
    `  median ${click.median.toFixed(1)} ms, worst ${click.worst.toFixed(1)} ms (target under 16 ms: ${verdict(click.worst < 16)})`,
  );
  const latency = (ms) => (ms === 0 ? "under 16 ms" : `${Math.round(ms)} ms`);
  console.log(
    "\nInteraction to Next Paint on /planning/attendance, processor slowed 4 times (Event Timing, events of 16 ms or more):",
  );
  console.log(
    `  choosing an option (10 choices)   median ${latency(inp.choosing.median)}, worst ${latency(inp.choosing.worst)}`,
  );
  console.log(
    `  pressing Continue (5 loads)       median ${latency(inp.continuing.median)}, worst ${latency(inp.continuing.worst)}`,
  );

  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile defaults, medians of ${lighthouseRuns} run(s) a page, each run after a run of the bare page:`,
  );
  console.log(
    "  targets: score within 3 points of bare, TBT at most 1.3 x bare, LCP at most 1.2 x bare, CLS below 0.02",
  );
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  for (const page of pages) {
    const ours = {
      score: median(page.runs.map((run) => run.score)),
      tbt: median(page.runs.map((run) => run.tbt)),
      lcp: median(page.runs.map((run) => run.lcp)),
      cls: Math.max(...page.runs.map((run) => run.cls)),
    };
    const bareMedian = {
      score: median(page.bareRuns.map((run) => run.score)),
      tbt: median(page.bareRuns.map((run) => run.tbt)),
      lcp: median(page.bareRuns.map((run) => run.lcp)),
    };
    const scoreGap = ours.score - bareMedian.score;
    // A bare page with no blocking time at all makes any of ours an infinite ratio.
    const tbtRatio = bareMedian.tbt > 0 ? ours.tbt / bareMedian.tbt : ours.tbt > 0 ? Infinity : 1;
    const lcpRatio = ours.lcp / bareMedian.lcp;
    const scores = page.runs.map((run) => run.score).sort((a, b) => a - b);
    console.log(`\n  ${page.path}${page.remark ? ` (${page.remark})` : ""}`);
    console.log(
      `    ours   score ${ours.score} (${scores[0]} to ${scores.at(-1)})   TBT ${Math.round(ours.tbt)} ms   LCP ${seconds(ours.lcp)}   CLS ${ours.cls.toFixed(3)} (worst run)`,
    );
    console.log(
      `    bare   score ${bareMedian.score}   TBT ${Math.round(bareMedian.tbt)} ms   LCP ${seconds(bareMedian.lcp)}`,
    );
    console.log(
      `    score ${scoreGap >= 0 ? "+" : ""}${scoreGap} points: ${verdict(scoreGap >= -3)}   TBT ${tbtRatio.toFixed(2)} x: ${verdict(tbtRatio <= 1.3)}   LCP ${lcpRatio.toFixed(2)} x: ${verdict(lcpRatio <= 1.2)}   CLS: ${verdict(ours.cls < 0.02)}`,
    );
  }

  if (bundles === null) {
    console.log("\nNo .next/diagnostics/route-bundle-stats.json: the build made no route report.");
  } else {
    for (const { route, analysed, chunks } of bundles) {
      const total = (key) => kb(chunks.reduce((sum, chunk) => sum + chunk[key], 0));
      console.log(
        `\nFirst-load chunks of ${route} (the build's report): ${chunks.length} chunks, ${total("gzip")} gzip, ${total("brotli")} brotli, ${total("raw")} raw`,
      );
      console.log(
        analysed
          ? "  (under each chunk its biggest modules, by the bundle analyser's compressed size)"
          : "  (the bundle analyser could not run, so modules are not named)",
      );
      for (const chunk of chunks) {
        console.log(
          `  ${chunk.name.padEnd(24)} ${kb(chunk.brotli).padStart(9)} brotli ${kb(chunk.gzip).padStart(9)} gzip ${kb(chunk.raw).padStart(9)} raw   ${chunk.moduleCount} modules`,
        );
        if (analysed && chunk.moduleCount === 0)
          console.log(
            "      (no chunk of the analyser's compile has its size, so its modules are not named)",
          );
        for (const { module, compressed } of chunk.modules)
          console.log(`      ${kb(compressed).padStart(9)}  ${module}`);
      }
    }
  }
} finally {
  product.kill("SIGTERM");
  bare.kill("SIGTERM");
  rmSync(bareFolder, { recursive: true, force: true });
}
