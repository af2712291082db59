import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// The generator is the one place that turns the records under content/ into the domain's modules.
import { outputs, renderAll } from "../../../scripts/generate-bank-data";

const repositoryRoot = new URL("../../../", import.meta.url);

describe("the bundled bank data", () => {
  it.each(Object.values(outputs))("%s is made from its source as it is now", (path) => {
    const written = readFileSync(new URL(path, repositoryRoot), "utf8");

    expect(written, "run `npm run bank-data`").toBe(renderAll()[path]);
  });
});
