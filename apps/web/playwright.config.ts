import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The end-to-end tests run the production build, started the way `npm start` starts it, on
// ports of their own and with a database made fresh for the run. E2E_WEB_PORT and E2E_API_PORT
// move them, so two checkouts on one machine can run their suites side by side.
export const webPort = Number(process.env.E2E_WEB_PORT ?? 3100);
export const apiPort = Number(process.env.E2E_API_PORT ?? 4100);
export const dataDir = path.join(os.tmpdir(), `kindred-e2e-data-${webPort}`);
/** The first staff administrator's invitation link, as `npm run staff:create-admin` prints it (staff.spec.ts). */
export const firstAdministratorFile = `${dataDir}-first-administrator.txt`;
export const firstAdministrator = { name: "Ada Admin", email: "ada.admin@kindred.example" };
const repositoryRoot = path.resolve(import.meta.dirname, "../..");

// Debian's Chromium headless shell (scripts/ensure-chromium.mjs installs it): the old headless
// mode, which Playwright's own headless runs use, lighter than the full browser (docs/decisions/037).
const chromium = {
  executablePath: "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/**
 * Which screens each spec runs on, as the spec itself says in a line of its own,
 * `// Screens: desktop|phone|both|none: why` (decisions 025 and 036). Each runs once, on the size
 * its subject is about; on both only when the phone run checks something the desktop run does not
 * (what moves as a page loads at each layout); `none` is the web server's own, with no browser. A
 * spec that does not say fails the run here, so a new one cannot slip into both by default.
 */
type Screens = "desktop" | "phone" | "both" | "none";
const testDir = path.join(import.meta.dirname, "e2e");
const screensOf = new Map<string, Screens>(
  readdirSync(testDir)
    .filter((file) => file.endsWith(".spec.ts"))
    .map((file) => {
      const said = [...readFileSync(path.join(testDir, file), "utf8").matchAll(/^\/\/ Screens: (\w+): \S/gm)];
      const screens = said[0]?.[1];
      if (said.length !== 1 || !["desktop", "phone", "both", "none"].includes(screens ?? "")) {
        throw new Error(
          `${file} must say once which screens it runs on: "// Screens: desktop|phone|both|none: why"`,
        );
      }
      return [file, screens as Screens];
    }),
);
/** The specs to run at one screen size: those made for it, and those made for both. */
function specsFor(...screens: Screens[]): RegExp {
  const files = [...screensOf].filter(([, said]) => screens.includes(said)).map(([file]) => file);
  return new RegExp(`(^|/)(${files.map((file) => file.replace(/\./g, "\\.")).join("|")})$`);
}

export default defineConfig({
  testDir,
  globalSetup: path.join(repositoryRoot, "test-setup/report-node.ts"),
  outputDir: path.join(repositoryRoot, "test-results"),
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The list as the tests run; then the slowest, and any past half their timeout (time-reporter.ts).
  reporter: [["list"], ["./e2e/time-reporter.ts"]],
  use: {
    baseURL: `http://localhost:${webPort}`,
    locale: "en-GB",
    timezoneId: "Europe/London",
    launchOptions: chromium,
    screenshot: "only-on-failure",
    // A failed test keeps its trace: every action with the page's DOM before and after it, and the
    // picture at the failure (above). Not the trace's film of the screen: recording it cost the
    // browser about half its time and the run about a tenth, in every test (docs/decisions/037).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
      testMatch: specsFor("desktop", "both"),
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], launchOptions: chromium },
      testMatch: specsFor("phone", "both"),
    },
    // Tests of the web server itself, with no browser: they run once, not once per screen size.
    { name: "web server", testMatch: specsFor("none") },
  ],
  webServer: {
    // The first staff administrator is made before the API starts (the embedded database is one
    // process's), with DATA_DIR and SITE_URL from `env` below; staff.spec.ts reads the link it prints.
    command:
      `rm -rf "${dataDir}" && node apps/api/dist/create-staff-admin.js --name "${firstAdministrator.name}"` +
      ` --email ${firstAdministrator.email} > "${firstAdministratorFile}" && node scripts/start.mjs --no-build`,
    cwd: repositoryRoot,
    url: `http://localhost:${webPort}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(webPort),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      SITE_URL: `http://localhost:${webPort}`,
      LOG_LEVEL: "warn",
      // The web server reaches the API from here: the API believes its X-Forwarded-For.
      TRUST_PROXY: "127.0.0.1",
      // Every browser in these tests comes from 127.0.0.1; the limits have API tests of their own.
      REQUESTS_PER_ADDRESS_PER_MINUTE: "1000000",
      GUEST_TOKENS_PER_ADDRESS_PER_HOUR: "1000000",
    },
  },
});
