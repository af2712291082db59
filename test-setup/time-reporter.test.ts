import { describe, expect, it } from "vitest";
import { unitTimesReport, type FileTime } from "./time-reporter";

const time = (project: string, file: string, testsSeconds: number, importSeconds = 1): FileTime => ({
  project,
  file,
  importSeconds,
  setupSeconds: 0.5,
  testsSeconds,
});

describe("the unit tests' times", () => {
  it("names each project's slowest file, counting its import and setup, then the ten slowest of all", () => {
    const times = [
      time("api", "apps/api/test/quick.test.ts", 2),
      // Quicker tests, but the longest import: the slowest file of the API's.
      time("api", "apps/api/test/heavy-import.test.ts", 1, 9),
      time("web", "apps/web/src/a.test.tsx", 3),
      ...Array.from({ length: 12 }, (_, index) =>
        time("domain", `packages/domain/test/${index}.test.ts`, 0.1),
      ),
    ];
    const lines = unitTimesReport(times).split("\n");

    expect(lines[0]).toBe("Unit tests: 15 files. The slowest file of each project:");
    expect(lines.slice(1, 4)).toEqual([
      "    10.5 s  [api] apps/api/test/heavy-import.test.ts  (import 9.0 s, setup 0.5 s, tests 1.0 s)",
      "     1.6 s  [domain] packages/domain/test/0.test.ts  (import 1.0 s, setup 0.5 s, tests 0.1 s)",
      "     4.5 s  [web] apps/web/src/a.test.tsx  (import 1.0 s, setup 0.5 s, tests 3.0 s)",
    ]);
    expect(lines[4]).toBe("The ten slowest files:");
    expect(lines.slice(5)).toHaveLength(10);
    expect(lines[5]).toContain("heavy-import.test.ts");
    expect(lines[6]).toContain("a.test.tsx");
    expect(lines[7]).toContain("quick.test.ts");
  });
});
