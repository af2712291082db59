// The import boundaries of eslint.config.js, tried one forbidden import at a time. Flat config
// lets a later config object replace a rule's options for the files it matches, so a boundary can
// vanish without any lint run complaining; only linting an import it forbids shows it still holds.
// The code is linted from memory under a made-up file name, so no fixture files sit in the tree.
import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: import.meta.dirname, overrideConfigFile: "eslint.config.js" });

function folders(path: string): string[] {
  return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const apiModules = folders("./apps/api/src/modules");
const webFeatures = folders("./apps/web/src/features");

/** The messages of the import restrictions that `import "<source>"` breaks in `filePath`. */
async function restrictionsBroken(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import "${source}";\n`, { filePath });
  if (result === undefined) throw new Error(`ESLint gave no result for ${filePath}`);
  const problems = result.messages.filter((message) => !message.ruleId?.endsWith("no-restricted-imports"));
  // A parse error or an ignored file would make every case below pass for the wrong reason.
  expect(problems, `${filePath} linted with other problems`).toEqual([]);
  return result.messages.map((message) => message.message);
}

async function expectRefused(filePath: string, source: string, message: string) {
  const broken = await restrictionsBroken(filePath, source);
  expect(broken, `import "${source}" in ${filePath}`).toContainEqual(expect.stringContaining(message));
}

async function expectAllowed(filePath: string, source: string) {
  expect(await restrictionsBroken(filePath, source), `import "${source}" in ${filePath}`).toEqual([]);
}

const noWeb = "The API does not import the web app.";
const moduleEntry = "An API module reaches another only through its public entry";
const pureDomain = "packages/domain holds pure rules";
const schemasOnly = "packages/contracts holds zod schemas only.";
const noApi = "The web app does not import the API's code";
const webSettings = "Read the web settings through server-config.server.ts";
const sharedWeb = "Shared web code sits below the features";
const ownFeature = "A feature does not reach into another feature";

describe("the API", () => {
  it("finds the modules to check", () => {
    expect(apiModules).toEqual(expect.arrayContaining(["auth", "documents", "payments", "plans"]));
  });

  it.each(["react", "react-dom", "next", "next/server", "@/lib/api-client"])(
    'does not import "%s", outside the modules or in any of them',
    async (source) => {
      await expectRefused("apps/api/src/boundary-check.ts", source, noWeb);
      for (const module of apiModules) {
        await expectRefused(`apps/api/src/modules/${module}/boundary-check.ts`, source, noWeb);
      }
    },
  );

  it("does not reach the web app's files by a relative path", async () => {
    await expectRefused(
      "apps/api/src/modules/payments/x.ts",
      "../../../../../apps/web/src/lib/api-client",
      noWeb,
    );
    await expectRefused("apps/api/src/modules/payments/x.ts", "../../../../web/src/lib/api-client", noWeb);
    await expectRefused("apps/api/src/app.ts", "../../web/app/layout", noWeb);
  });

  it("lets the PDF renderer build React elements, and nothing more of the web", async () => {
    const pdf = "apps/api/src/modules/documents/pdf.ts";
    await expectAllowed(pdf, "react");
    await expectAllowed(pdf, "@react-pdf/renderer");
    await expectRefused(pdf, "next", noWeb);
    await expectRefused(pdf, "react-dom", noWeb);
    await expectRefused(pdf, "../payments/service", moduleEntry);
    await expectRefused("apps/api/src/modules/documents/other.ts", "react", noWeb);
  });

  it("reaches another module only through its index", async () => {
    for (const [index, module] of apiModules.entries()) {
      const other = apiModules[(index + 1) % apiModules.length];
      const file = `apps/api/src/modules/${module}/boundary-check.ts`;
      await expectRefused(file, `../${other}/queries`, moduleEntry);
      await expectRefused(file, `../../modules/${other}/queries`, moduleEntry);
      await expectAllowed(file, `../${other}`);
      await expectAllowed(file, "./queries");
    }
    await expectRefused("apps/api/src/modules/payments/sandbox/x.ts", "../../plans/queries", moduleEntry);
    await expectAllowed("apps/api/src/modules/payments/sandbox/x.ts", "../../plans");
  });

  it("wires the modules together in app.ts, outside any module", async () => {
    await expectAllowed("apps/api/src/app.ts", "./modules/auth/oauth-model");
    await expectAllowed("apps/api/src/modules/payments/service.ts", "@kindred/domain");
    await expectAllowed("apps/api/src/modules/payments/service.ts", "drizzle-orm");
  });
});

describe("packages/domain", () => {
  it.each([
    "fastify",
    "@fastify/cors",
    "drizzle-orm",
    "drizzle-orm/pg-core",
    "pg",
    "react",
    "next/link",
    "node:fs",
    "zod",
  ])('does not import "%s"', async (source) => {
    await expectRefused("packages/domain/src/boundary-check.ts", source, pureDomain);
  });

  it("does not import the contracts or the apps", async () => {
    await expectRefused("packages/domain/src/boundary-check.ts", "@kindred/contracts", pureDomain);
    await expectRefused("packages/domain/src/boundary-check.ts", "../../../apps/api/src/config", pureDomain);
  });

  it("imports its own files", async () => {
    await expectAllowed("packages/domain/src/boundary-check.ts", "./money");
  });
});

describe("packages/contracts", () => {
  it.each(["fastify", "drizzle-orm", "pg", "react", "next", "node:fs", "../../../apps/api/src/config"])(
    'does not import "%s"',
    async (source) => {
      await expectRefused("packages/contracts/src/boundary-check.ts", source, schemasOnly);
    },
  );

  it("imports zod and the domain", async () => {
    await expectAllowed("packages/contracts/src/boundary-check.ts", "zod");
    await expectAllowed("packages/contracts/src/boundary-check.ts", "@kindred/domain");
  });
});

describe("the web app", () => {
  const everywhere = [
    "apps/web/app/page.tsx",
    "apps/web/src/components/boundary-check.tsx",
    "apps/web/src/lib/boundary-check.ts",
    ...webFeatures.map((feature) => `apps/web/src/features/${feature}/boundary-check.tsx`),
  ];

  it("does not import the API's code, from any folder", async () => {
    for (const file of everywhere) {
      await expectRefused(file, "@kindred/api", noApi);
      await expectRefused(file, "../../../../apps/api/src/config", noApi);
    }
    await expectRefused("apps/web/app/page.tsx", "../../api/src/config", noApi);
  });

  it("reads the web settings only through server-config.server.ts", async () => {
    for (const file of everywhere) await expectRefused(file, "@/lib/web-config", webSettings);
    await expectAllowed("apps/web/src/lib/server-config.server.ts", "./web-config");
    await expectAllowed("apps/web/src/lib/web-config.test.ts", "./web-config");
    await expectAllowed("apps/web/server.mjs", "./src/lib/web-config.ts");
  });

  it("keeps shared code below the features and away from the database", async () => {
    for (const file of ["apps/web/src/components/boundary-check.tsx", "apps/web/src/lib/boundary-check.ts"]) {
      await expectRefused(file, "@/features/planning", sharedWeb);
      await expectRefused(file, "../features/planning/summary-step", sharedWeb);
      await expectRefused(file, "drizzle-orm", sharedWeb);
      await expectAllowed(file, "@kindred/contracts");
    }
  });

  it("keeps each feature out of the others, the routes and the database", async () => {
    expect(webFeatures.length).toBeGreaterThan(1);
    for (const [index, feature] of webFeatures.entries()) {
      const other = webFeatures[(index + 1) % webFeatures.length];
      const file = `apps/web/src/features/${feature}/boundary-check.tsx`;
      await expectRefused(file, `@/features/${other}`, ownFeature);
      await expectRefused(file, `../${other}/x`, ownFeature);
      await expectRefused(
        `apps/web/src/features/${feature}/folder/boundary-check.tsx`,
        `../../${other}`,
        ownFeature,
      );
      await expectRefused(file, "@/app/page", ownFeature);
      await expectRefused(file, "../../../app/page", ownFeature);
      await expectRefused(file, "pg", ownFeature);
      await expectAllowed(file, `@/features/${feature}`);
      await expectAllowed(file, "./x");
      await expectAllowed(file, "@/components/button");
      await expectAllowed(file, "@/lib/api-client");
    }
  });
});

describe("the API's test files, which share their worker's modules", () => {
  it("may not mock a module, stub a global or the environment, or stop the clock", async () => {
    for (const call of [
      'vi.mock("../src/config")',
      'vi.stubGlobal("fetch", () => undefined)',
      'vi.stubEnv("SITE_URL", "x")',
      "vi.useFakeTimers()",
      "vi.setSystemTime(0)",
    ]) {
      const [result] = await eslint.lintText(`import { vi } from "vitest";\n${call};\n`, {
        filePath: "apps/api/test/isolation-check.test.ts",
      });
      expect(
        result?.messages.map((message) => message.ruleId),
        call,
      ).toEqual(["no-restricted-properties"]);
    }
  });

  it("may spy on an object the test made", async () => {
    const [result] = await eslint.lintText(
      'import { vi } from "vitest";\nconst provider = { refund: () => 1 };\nvi.spyOn(provider, "refund");\n',
      { filePath: "apps/api/test/isolation-check.test.ts" },
    );
    expect(result?.messages).toEqual([]);
  });
});

describe("days made from moments (docs/decisions/042)", () => {
  const ukDay = "use ukToday(moment) from @kindred/domain";
  const everywhere = [
    "apps/api/src/modules/payments/uk-day-check.ts",
    "apps/api/test/uk-day-check.test.ts",
    "apps/web/src/features/account/uk-day-check.tsx",
    "apps/web/src/lib/uk-day-check.ts",
    "packages/domain/src/uk-day-check.ts",
    "packages/contracts/src/uk-day-check.ts",
    "scripts/uk-day-check.ts",
  ];

  async function problemsOf(filePath: string, expression: string) {
    const [result] = await eslint.lintText(
      `export const moment = new Date();\nexport const day = ${expression};\n`,
      {
        filePath,
      },
    );
    if (result === undefined) throw new Error(`ESLint gave no result for ${filePath}`);
    return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
  }

  it.each([
    "moment.toISOString().slice(0, 10)",
    "new Date().toISOString().slice(0, 10)",
    "moment.toISOString().substring(0, 10)",
    'moment.toISOString().split("T")[0]',
    "moment.toJSON().slice(0, 10)",
    "moment.toISOString().slice(0, 7)",
  ])("refuses %s in every part of the repository, pointing to ukToday", async (expression) => {
    for (const file of everywhere) {
      const problems = await problemsOf(file, expression);
      expect(problems, `${expression} in ${file}`).toEqual([expect.stringContaining(ukDay)]);
      expect(problems[0], file).toMatch(/^no-restricted-syntax: /);
    }
  });

  it.each([
    "moment.toISOString()",
    "[1, 2, 3].slice(0, 10)",
    '"2026-07-15T00:30:00+01:00".slice(0, 10)',
    'moment.toISOString().replace(/:/g, "-")',
  ])("allows %s: a moment kept whole, or what is not a moment's ISO text", async (expression) => {
    for (const file of everywhere) {
      expect(await problemsOf(file, expression), `${expression} in ${file}`).toEqual([]);
    }
  });

  it("still refuses, in the web's components, a field React controls without the hook's ref", async () => {
    const [result] = await eslint.lintText(
      "export const Field = () => <input onChange={() => undefined} />;\n",
      { filePath: "apps/web/src/features/account/uk-day-check.tsx" },
    );
    expect(result?.messages.map((message) => message.message)).toEqual([
      expect.stringContaining("A field React controls loses what was entered"),
    ]);
  });
});
