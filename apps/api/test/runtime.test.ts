import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pinnedNodeMajor, pinnedNodeVersion } from "../../../test-setup/pinned-node";

const root = path.resolve(import.meta.dirname, "../../..");

describe("the Node.js the project runs on", () => {
  it("is the pinned one, not the machine's own", () => {
    expect(process.versions.node).toBe(pinnedNodeVersion);
    expect(Number(process.versions.node.split(".")[0])).toBe(pinnedNodeMajor);
  });

  it("is named the same for version managers and in the supported range", () => {
    expect(readFileSync(path.join(root, ".nvmrc"), "utf8").trim()).toBe(pinnedNodeVersion);
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(manifest.engines.node).toBe(`>=${pinnedNodeVersion} <${pinnedNodeMajor + 1}`);
  });

  it("is an even-numbered (long-term support) line", () => {
    expect(pinnedNodeMajor % 2).toBe(0);
  });
});
