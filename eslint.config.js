// Lint rules, including the import boundaries of STYLE.md: imports flow shared -> features ->
// routes, a feature never reaches into another feature, and the domain stays free of I/O.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const webFeatures = readdirSync(new URL("./apps/web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const apiModules = readdirSync(new URL("./apps/api/src/modules", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const frameworks = [
  "react",
  "react-dom",
  "next",
  "next/*",
  "fastify",
  "@fastify/*",
  "drizzle-orm",
  "drizzle-orm/*",
  "pg",
  "@electric-sql/*",
];
const io = [
  "node:fs",
  "node:fs/*",
  "node:http",
  "node:https",
  "node:net",
  "node:child_process",
  "fs",
  "http",
];

function restrict(files, patterns) {
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.next/**",
      "**/next-env.d.ts",
      "data/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["scripts/**", "apps/api/build.mjs"],
    rules: { "no-console": "off" },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Playwright fixtures call `use`, which is not React's.
    files: ["apps/web/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  restrict(
    ["packages/domain/src/**"],
    [
      {
        group: [...frameworks, ...io, "zod", "@kindred/contracts", "**/apps/**"],
        message: "packages/domain holds pure rules: no I/O, frameworks or app code.",
      },
    ],
  ),
  restrict(
    ["packages/contracts/src/**"],
    [{ group: [...frameworks, ...io, "**/apps/**"], message: "packages/contracts holds zod schemas only." }],
  ),
  restrict(
    ["apps/api/src/**"],
    [
      {
        group: ["react", "react-dom", "next", "next/*", "**/apps/web/**", "@/*"],
        message: "The API does not import the web app.",
      },
    ],
  ),
  // The PDF renderer builds its pages from React elements (@react-pdf/renderer), not the web's.
  restrict(
    ["apps/api/src/modules/documents/pdf.ts"],
    [
      {
        group: ["react-dom", "next", "next/*", "**/apps/web/**", "@/*"],
        message: "The API does not import the web app.",
      },
    ],
  ),
  restrict(
    ["apps/web/src/components/**", "apps/web/src/lib/**"],
    [
      {
        group: ["@/features/*", "**/features/**", "**/apps/api/**", "drizzle-orm", "pg", "fastify"],
        message: "Shared web code sits below the features and never reaches the database.",
      },
    ],
  ),
  {
    // The web settings hold the OAuth client secret: Next.js code reads them only through
    // server-config.server.ts, whose `server-only` keeps them out of browser bundles.
    files: ["apps/web/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/lib/server-config.server.ts", "apps/web/src/lib/web-config.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/web-config", "**/web-config.ts"],
              message: "Read the web settings through server-config.server.ts (getServerConfig).",
            },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) =>
    restrict(
      [`apps/web/src/features/${feature}/**`],
      [
        {
          group: [
            "@/features/*",
            `!@/features/${feature}`,
            "**/apps/api/**",
            "drizzle-orm",
            "pg",
            "fastify",
            "**/app/**",
          ],
          message: `A feature does not reach into another feature or a route; move what ${feature} shares to src/components or src/lib.`,
        },
        {
          // The same boundary for relative imports: "../account/…" from planning is refused too.
          group: webFeatures
            .filter((other) => other !== feature)
            .flatMap((other) => [
              `../${other}`,
              `../${other}/**`,
              `**/features/${other}`,
              `**/features/${other}/**`,
            ]),
          message: `A feature does not reach into another feature; move what ${feature} shares to src/components or src/lib.`,
        },
      ],
    ),
  ),
  ...apiModules.map((module) =>
    restrict(
      [`apps/api/src/modules/${module}/**`],
      [
        {
          group: apiModules
            .filter((other) => other !== module)
            .flatMap((other) => [`../${other}/**`, `**/modules/${other}/**`]),
          message: `An API module reaches another only through its public entry: import from "../<module>", its index.ts.`,
        },
      ],
    ),
  ),
);
