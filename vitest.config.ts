import { globSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The web's test files that replace a module with `vi.mock`. A replacement only takes when the
 * module is imported afresh, so these run each in a fresh module registry (the "web-module-mocks"
 * project); the others share their worker's modules and jsdom, as the API's tests do (decision 037).
 */
const webTestFiles = globSync(["apps/web/src/**/*.test.ts", "apps/web/src/**/*.test.tsx"]);
const webTestFilesThatReplaceModules = webTestFiles.filter((file) =>
  /\bvi\.(mock|doMock|unmock)\(/.test(readFileSync(file, "utf8")),
);

/**
 * `server-only` refuses to load outside React's server build; the web's tests of server code are
 * the server, so it resolves as it does there (its `react-server` entry, an empty module).
 */
const serverOnlyOnTheServer = path.join(
  path.dirname(createRequire(import.meta.url).resolve("server-only")),
  "empty.js",
);

/** What both web projects share: components rendered in jsdom. */
const webTests = {
  environment: "jsdom",
  // jsdom renders slowly on a busy two-core machine; these are ceilings, not waits.
  testTimeout: 20_000,
  setupFiles: ["./apps/web/src/test/setup-component-tests.ts"],
} as const;

export default defineConfig({
  test: {
    // One test file more than there are cores. Vitest's default leaves one core free, which on a
    // two-core machine runs the files one at a time. The API's tests also wait (for their jobs and
    // the processes some start), so two workers kept the two cores about two-thirds busy: with a
    // third the stage took 339 s against 397 s on a quiet two-core machine, and with a fourth
    // 349 s (docs/decisions/037).
    maxWorkers: availableParallelism() + 1,
    // The default report, and each project's slowest file at the end (test-setup/time-reporter.ts).
    reporters: ["default", "./test-setup/time-reporter.ts"],
    setupFiles: ["./test-setup/fail-on-console-error.ts"],
    globalSetup: ["./test-setup/report-node.ts"],
    // A tag only selects: it skips, retries or slows nothing, so `npm run test:unit` runs every test.
    tags: [
      {
        name: "engine",
        description:
          "Depends on the database engine (locks, LISTEN/NOTIFY, pg-boss, lost connections, migrations, " +
          "triggers, search indexes, requests at once, a request through each module): `npm run " +
          "test:postgres` runs these on a real PostgreSQL server (docs/decisions/034).",
      },
    ],
    projects: [
      {
        extends: true,
        test: {
          name: "domain",
          include: ["packages/*/test/**/*.test.ts"],
          environment: "node",
          // Pure functions and schemas, with no state in a module: the files share their worker's.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          // Besides the API's tests, each email's test sits beside it (src/modules/email/emails/).
          include: ["apps/api/test/**/*.test.ts", "apps/api/src/**/*.test.ts"],
          // `*.postgres.test.ts` need a PostgreSQL server: they run when DATABASE_URL names one.
          exclude: process.env.DATABASE_URL ? [] : ["apps/api/test/**/*.postgres.test.ts"],
          environment: "node",
          // On PGlite, every test app starts from a copy of one database migrated and seeded here.
          globalSetup: ["./apps/api/test/support/save-database.ts"],
          pool: "forks",
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Tests of the repository's own tooling, beside what they test (eslint.config.test.ts,
          // test-setup/time-reporter.test.ts).
          name: "tooling",
          include: ["*.test.ts", "test-setup/**/*.test.ts"],
          environment: "node",
          isolate: false,
          // Linting loads the TypeScript parser and every rule, slowly on a busy two-core machine
          // (one case took over 5 s beside a browser run); a ceiling, not a wait.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        oxc: { jsx: { runtime: "automatic" } },
        resolve: { alias: { "server-only": serverOnlyOnTheServer } },
        test: {
          ...webTests,
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          exclude: webTestFilesThatReplaceModules,
          // Files share their worker's modules and jsdom: importing React, the app and a fresh
          // jsdom for each of 90 files was more than half the web tests' time (108 s against 43 s
          // alone). The setup file forgets, after each test, what a page load would.
          isolate: false,
        },
      },
      {
        extends: true,
        oxc: { jsx: { runtime: "automatic" } },
        resolve: { alias: { "server-only": serverOnlyOnTheServer } },
        test: {
          ...webTests,
          name: "web-module-mocks",
          include: webTestFilesThatReplaceModules,
        },
      },
    ],
  },
});
