import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

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
          // Linting loads the TypeScript parser and every rule, slowly on a busy two-core machine
          // (one case took over 5 s beside a browser run); a ceiling, not a wait.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        oxc: { jsx: { runtime: "automatic" } },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          // jsdom renders slowly on a busy two-core machine; these are ceilings, not waits.
          testTimeout: 20_000,
          setupFiles: ["./apps/web/src/test/setup-component-tests.ts"],
        },
      },
    ],
  },
});
