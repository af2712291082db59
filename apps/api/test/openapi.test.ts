// The OpenAPI document partners read (/api/docs/json where PUBLISH_API_DOCS is on), linted with
// Redocly's recommended rules, every one of them as Redocly ships it.
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

let testApp: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: "fatal" });
  await testApp.app.ready();
  document = testApp.app.swagger() as unknown as OpenApiDocument;
});
afterAll(() => testApp.close());

async function lint(openApi: unknown): Promise<string[]> {
  const problems: NormalizedProblem[] = await lintFromString({
    source: JSON.stringify(openApi),
    absoluteRef: "openapi.json",
    config: await createConfig({ extends: ["recommended"] }),
  });
  return problems.map(
    (problem) =>
      `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? "?"}: ${problem.message}`,
  );
}

function operations(): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    expect(await lint(document)).toEqual([]);
  });

  it("would be warned about: the lint does run the recommended rules", async () => {
    const unnamed = structuredClone(document);
    delete unnamed.paths["/api/plan-options"]!.get!.operationId;

    expect(await lint(unnamed)).toEqual([
      expect.stringMatching(/^warn operation-operationId at #\/paths\/~1api~1plan-options\/get/),
    ]);
  });

  it("names every operation once, in camelCase, with a summary", () => {
    const named = operations().map(([, operation]) => operation.operationId);

    expect(named.length).toBeGreaterThan(40);
    for (const [route, operation] of operations()) {
      expect(operation.operationId, route).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(operation.summary, route).toBeTruthy();
    }
    expect(new Set(named).size).toBe(named.length);
  });

  it("says of every operation how it is authorised: bearerAuth exactly where a request without a token is refused", async () => {
    for (const [route, operation] of operations()) {
      expect(operation.security, route).toBeDefined();
      // The token endpoint refuses a request without client credentials with 401: its own scheme.
      if (route === "POST /token") continue;
      const needsToken = operation.security!.some((requirement) => "bearerAuth" in requirement);
      const [method, path] = route.split(" ") as [string, string];
      const response = await testApp.app.inject({
        method: method as "GET",
        url: path.replace(/\{[^}]+\}/g, "x"),
      });

      expect(response.statusCode === 401, route).toBe(needsToken);
      if (needsToken) expect(Object.keys(operation.responses ?? {}), route).toContain("401");
    }
  });
});
