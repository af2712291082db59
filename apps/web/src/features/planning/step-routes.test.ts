// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { journeyStepHandles } from "@kindred/domain";

const planningRoutes = path.resolve(import.meta.dirname, "../../../app/planning");

describe("the journey's routes", () => {
  it("give every step a page of its own, which renders that step", () => {
    const folders = readdirSync(planningRoutes, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const handle of journeyStepHandles) {
      expect(folders).toContain(handle);
      const page = readFileSync(path.join(planningRoutes, handle, "page.tsx"), "utf8");
      expect(page).toMatch(new RegExp(`<StepRoute\\s+step="${handle}"`));
      expect(page).toContain(`stepMetadata("${handle}")`);
    }
  });
});
