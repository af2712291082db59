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

const chromium = {
  executablePath: "/usr/bin/chromium",
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

const serverOnly = /(visitor-address|stopping|odd-requests|bad-input)\.spec\.ts$/;

/**
 * What the phone project runs again at a phone's size: the specs whose screens change with it
 * (the journey and its price bar, the documents, the forms and paying, telling us of a death, the
 * consent banner over a step, the information pages' folded header, the account's data dialog) and what moves as a page loads. The rest behave
 * the same at any size and run once; every page is still looked at phone widths inside
 * every-page.spec.ts, and the flows keep phone-width screenshots of their own (decision 025).
 */
const phoneSized =
  /(journey|journey-layout-shift|documents|purchase|payment|notify-a-death|consent|information-pages|your-data)\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
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
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
      testIgnore: serverOnly,
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], launchOptions: chromium },
      testMatch: phoneSized,
    },
    // Tests of the web server itself, with no browser: they run once, not once per screen size.
    { name: "web server", testMatch: serverOnly },
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
