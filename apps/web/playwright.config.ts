import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The end-to-end tests run the production build, started the way `npm start` starts it, on
// ports of their own and with a database made fresh for the run.
const webPort = 3100;
const apiPort = 4100;
export const dataDir = path.join(os.tmpdir(), "kindred-e2e-data");
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

export default defineConfig({
  testDir: "./e2e",
  outputDir: path.join(repositoryRoot, "test-results"),
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${webPort}`,
    locale: "en-GB",
    timezoneId: "Europe/London",
    launchOptions: chromium,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions: chromium } },
  ],
  webServer: {
    command: `rm -rf "${dataDir}" && node scripts/start.mjs --no-build`,
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
    },
  },
});
