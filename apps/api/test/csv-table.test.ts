import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvRows, loadOnce } from "../src/csv-table";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "csv-table-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe("a bundled CSV table's rows", () => {
  it("come after the header, trimmed, blank lines left out, each with its line number", () => {
    const rows = csvRows("code,name\r\n A1 , One \n\n B2,Two\n", "test.csv", "code,name");

    expect(rows).toEqual([
      { cells: ["A1", "One"], line: 2 },
      { cells: ["B2", "Two"], line: 4 },
    ]);
  });

  it("are refused, naming the file, when the first line is not the header", () => {
    expect(() => csvRows("code\nA1", "test.csv", "code,name")).toThrow(
      "test.csv: the first line must be code,name",
    );
  });
});

describe("a table loaded once", () => {
  it("is read and parsed once however often it is asked for", async () => {
    const file = path.join(folder, "once.csv");
    await writeFile(file, "code\nA1\n");
    let parses = 0;
    const load = loadOnce((text) => {
      parses += 1;
      return text.length;
    });

    const [first, second] = await Promise.all([load(file), load(file)]);
    await writeFile(file, "code\nA1\nB2\n");

    expect([first, second, await load(file), parses]).toEqual([8, 8, 8, 1]);
  });

  it("is read again after a failed read, not left failing", async () => {
    const file = path.join(folder, "later.csv");
    const load = loadOnce((text, source) => csvRows(text, source, "code").length);

    await expect(load(file)).rejects.toThrow(/ENOENT/);
    await writeFile(file, "code\nA1\n");

    await expect(load(file)).resolves.toBe(1);
  });
});
