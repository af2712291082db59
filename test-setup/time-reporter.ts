import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";

/** Where the unit tests' times are written, for `.ci/run` to print again at the end. */
export const unitTimesFile = "test-results-unit/unit-times.txt";
const postgresTimesFile = "test-results-unit/postgres-times.txt";

/** What one test file cost the worker that ran it, in seconds. */
export interface FileTime {
  project: string;
  /** From the repository's root. */
  file: string;
  /** Importing the file and all it imports (the module graph, the app), and its `describe` bodies. */
  importSeconds: number;
  /** The test environment (jsdom) and the setup files. */
  setupSeconds: number;
  /** Its tests and hooks. */
  testsSeconds: number;
}

const totalOf = ({ importSeconds, setupSeconds, testsSeconds }: FileTime) =>
  importSeconds + setupSeconds + testsSeconds;

function line(time: FileTime): string {
  const parts = `import ${time.importSeconds.toFixed(1)} s, setup ${time.setupSeconds.toFixed(1)} s, tests ${time.testsSeconds.toFixed(1)} s`;
  return `  ${totalOf(time).toFixed(1).padStart(6)} s  [${time.project}] ${time.file}  (${parts})`;
}

/**
 * The slowest test file of each project, then the ten slowest of all. One slow file sets the
 * length of the whole run when the others are done and it is still going, so it is the figure
 * to watch.
 */
export function unitTimesReport(times: readonly FileTime[]): string {
  const bySlowest = [...times].sort((a, b) => totalOf(b) - totalOf(a));
  const projects = [...new Set(bySlowest.map((time) => time.project))].sort();
  return [
    `Unit tests: ${times.length} file${times.length === 1 ? "" : "s"}. The slowest file of each project:`,
    ...projects.map((project) => line(bySlowest.find((time) => time.project === project)!)),
    "The ten slowest files:",
    ...bySlowest.slice(0, 10).map(line),
  ].join("\n");
}

function fileTimeOf(module: TestModule, root: string): FileTime {
  const diagnostic = module.diagnostic();
  return {
    project: module.project.name,
    file: path.relative(root, module.moduleId),
    importSeconds: diagnostic.collectDuration / 1000,
    setupSeconds:
      (diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.setupDuration) / 1000,
    testsSeconds: diagnostic.duration / 1000,
  };
}

/**
 * How long each unit test file took, printed when the run ends and written to `unitTimesFile`
 * (outside `test-results/`, which the end-to-end run clears as it starts), whether the run passed
 * or not.
 */
export default class TimeReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const report = unitTimesReport(testModules.map((module) => fileTimeOf(module, this.root)));
    process.stdout.write(`\n${report}\n`);
    // The PostgreSQL stage's run (DATABASE_URL set) keeps its own, so the unit stage's is not lost.
    const file = path.join(this.root, process.env.DATABASE_URL ? postgresTimesFile : unitTimesFile);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${report}\n`);
  }
}
