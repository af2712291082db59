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

// A relative import names no "apps/": "../../../../web/src/…" from an API module is the web's
// code all the same, hence the "web/src" and "web/app" patterns (and "api/src" for the web).
const apiWithoutWeb = {
  group: ["react", "react-dom", "next", "next/*", "**/apps/web/**", "**/web/src/**", "**/web/app/**", "@/*"],
  message: "The API does not import the web app.",
};

// The import boundaries as a tree of scopes: a scope's files lie within its parent's, and a file
// obeys the restrictions of its scope and of every scope above it. They are composed here, in
// code, because flat config does not merge a rule's options: of several objects that set
// no-restricted-imports for one file, the last one wins outright, which once dropped the API's
// "no web app, no React" from every API module. Restrictions are named so that a narrower scope
// replaces or lifts (null) one it inherits by name, in plain sight, never by accident.
// eslint.config.test.ts lints one forbidden import per boundary to prove each still holds.
const boundaries = [
  {
    files: ["packages/domain/src/**"],
    restrictions: {
      pureDomain: {
        group: [...frameworks, ...io, "zod", "@kindred/contracts", "**/apps/**"],
        message: "packages/domain holds pure rules: no I/O, frameworks or app code.",
      },
    },
  },
  {
    files: ["packages/contracts/src/**"],
    restrictions: {
      schemasOnly: {
        group: [...frameworks, ...io, "**/apps/**"],
        message: "packages/contracts holds zod schemas only.",
      },
    },
  },
  {
    files: ["apps/api/src/**"],
    restrictions: { apiWithoutWeb },
    within: apiModules.map((module) => ({
      files: [`apps/api/src/modules/${module}/**`],
      restrictions: {
        moduleEntry: {
          // "**/../": from a sub-folder such as payments/sandbox the other module is "../../plans".
          group: apiModules
            .filter((other) => other !== module)
            .flatMap((other) => [`**/../${other}/**`, `**/modules/${other}/**`]),
          message: `An API module reaches another only through its public entry: import from "../<module>", its index.ts.`,
        },
      },
      within:
        module === "documents"
          ? [
              {
                // The PDF renderer builds its pages from React elements (@react-pdf/renderer), not the web's.
                files: ["apps/api/src/modules/documents/pdf.ts"],
                restrictions: {
                  apiWithoutWeb: {
                    ...apiWithoutWeb,
                    group: apiWithoutWeb.group.filter((pattern) => pattern !== "react"),
                  },
                },
              },
            ]
          : [],
    })),
  },
  {
    files: ["apps/web/**"],
    restrictions: {
      webWithoutApi: {
        group: ["**/apps/api/**", "**/api/src/**", "@kindred/api", "@kindred/api/*"],
        message: "The web app does not import the API's code: it calls the API over HTTP.",
      },
      // The web settings hold the OAuth client secret: Next.js code reads them only through
      // server-config.server.ts, whose `server-only` keeps them out of browser bundles.
      webSettings: {
        group: ["**/web-config", "**/web-config.ts"],
        message: "Read the web settings through server-config.server.ts (getServerConfig).",
      },
    },
    within: [
      {
        // The plain Node server loads the settings before Next.js starts, to refuse bad ones at once.
        files: ["apps/web/server.mjs"],
        restrictions: { webSettings: null },
      },
      {
        files: ["apps/web/src/components/**", "apps/web/src/lib/**"],
        restrictions: {
          sharedWeb: {
            group: ["@/features/*", "**/features/**", "drizzle-orm", "pg", "fastify"],
            message: "Shared web code sits below the features and never reaches the database.",
          },
        },
        within: [
          {
            files: ["apps/web/src/lib/server-config.server.ts", "apps/web/src/lib/web-config.test.ts"],
            restrictions: { webSettings: null },
          },
        ],
      },
      ...webFeatures.map((feature) => ({
        files: [`apps/web/src/features/${feature}/**`],
        restrictions: {
          ownFeature: [
            {
              group: ["@/features/*", `!@/features/${feature}`, "drizzle-orm", "pg", "fastify", "**/app/**"],
              message: `A feature does not reach into another feature or a route; move what ${feature} shares to src/components or src/lib.`,
            },
            {
              // The same boundary for relative imports: "../account/…" from planning (or
              // "../../account/…" from a folder within it) is refused too.
              group: webFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [
                  `**/../${other}`,
                  `**/../${other}/**`,
                  `**/features/${other}`,
                  `**/features/${other}/**`,
                ]),
              message: `A feature does not reach into another feature; move what ${feature} shares to src/components or src/lib.`,
            },
          ],
        },
      })),
    ],
  },
];

// A day a person reads or the business acts on is a UK day, from the domain's `ukToday(moment)`
// (docs/decisions/042). A moment's ISO text cut to a day is its UTC day, which from 23:00 UTC in
// summer time is the day before the UK's: a Direct Debit's notice a working day short, a statement
// dated yesterday. A rule of its own selectors, as flat config keeps one list per file: every
// config object below that sets no-restricted-syntax includes these.
const ukDayMessage =
  "A moment's ISO text cut to a day is its UTC day, the day before the UK's from 23:00 UTC in summer: use ukToday(moment) from @kindred/domain for a UK day, or daysAfter for a calendar's arithmetic (docs/decisions/042).";
const utcDaysOfMoments = [
  {
    selector:
      "CallExpression[callee.property.name=/^(slice|substring|substr|split)$/][callee.object.type='CallExpression'][callee.object.callee.property.name=/^(toISOString|toJSON)$/]",
    message: ukDayMessage,
  },
];

/**
 * One config object per scope, parent before children, each carrying the whole list for its
 * files. A child's files are its own patterns AND its parent's (an inner array in `files`), so
 * its list, which includes the parent's, only ever lands on files the parent covers too.
 * Siblings must not overlap: of two that match one file, the later would replace the earlier.
 */
function boundaryConfigs(scopes, parent = { files: [[]], restrictions: {} }) {
  return scopes.flatMap((scope) => {
    const files = parent.files.flatMap((within) => scope.files.map((pattern) => [...within, pattern]));
    const restrictions = { ...parent.restrictions, ...scope.restrictions };
    const patterns = Object.values(restrictions)
      .filter((restriction) => restriction !== null)
      .flat();
    return [
      { files, rules: { "no-restricted-imports": patterns.length > 0 ? ["error", { patterns }] : "off" } },
      ...boundaryConfigs(scope.within ?? [], { files, restrictions }),
    ];
  });
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
      "no-restricted-syntax": ["error", ...utcDaysOfMoments],
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
    // A field React controls must keep what was entered before the page came to life: the form
    // components do (components/entered-before-hydration.ts), and a field of its own gives the
    // hook's ref. Test files draw fields of their own to try things with.
    files: ["apps/web/src/**/*.tsx"],
    ignores: ["apps/web/src/**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "JSXOpeningElement[name.name=/^(input|select|textarea)$/]:has(JSXAttribute[name.name='onChange']):not(:has(JSXAttribute[name.name='ref']))",
          message:
            "A field React controls loses what was entered before the page came to life: use a form component (TextField, RadioInput, CheckboxInput, SelectField…) or give it useEnteredBeforeHydration's ref.",
        },
        ...utcDaysOfMoments,
      ],
    },
  },
  {
    // The API's test files share their worker's modules (isolate: false in vitest.config.ts, for
    // speed; docs/decisions/037): a test that mocked a module, stubbed a global or the environment,
    // or stopped the clock would change the files after it in that worker. Spy on an object the
    // test made (its own app's provider), or start an app with the settings it needs.
    files: ["apps/api/test/**/*.ts", "apps/api/src/**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...[
          "mock",
          "doMock",
          "unmock",
          "resetModules",
          "stubGlobal",
          "stubEnv",
          "useFakeTimers",
          "setSystemTime",
        ].map((property) => ({
          object: "vi",
          property,
          message:
            "API test files share their worker's modules (docs/decisions/037): give the test app what it needs instead.",
        })),
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's.
    files: ["apps/web/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  ...boundaryConfigs(boundaries),
);
