import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FullConfig, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * How long the end-to-end tests took, printed when the run ends and written to
 * `test-results/e2e-times.txt` (which `.ci/run` prints again beside its stage times): the ten
 * slowest tests, and every test that took more than half its timeout. A test near its limit fails
 * on the next busy machine, so it is made cheaper, or given a budget of its own with the reason
 * in its spec (`test.setTimeout`), before that happens.
 */
export default class TimeReporter implements Reporter {
  private readonly timings: { title: string; seconds: number; timeoutSeconds: number }[] = [];
  private outputFile = "";

  onBegin(config: FullConfig): void {
    const outputDir = config.projects[0]?.outputDir ?? "test-results";
    this.outputFile = path.join(outputDir, "e2e-times.txt");
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const [, project, file] = test.titlePath();
    const where = `${path.basename(file ?? "")}:${test.location.line}`;
    this.timings.push({
      title: `[${project}] ${where} ${test.title}`,
      seconds: result.duration / 1000,
      timeoutSeconds: test.timeout / 1000,
    });
  }

  onEnd(): void {
    const line = ({ title, seconds, timeoutSeconds }: (typeof this.timings)[number]) =>
      `  ${seconds.toFixed(1).padStart(6)} s of ${timeoutSeconds} s  ${title}`;
    const bySlowest = [...this.timings].sort((a, b) => b.seconds - a.seconds);
    const nearTheirLimit = bySlowest.filter(({ seconds, timeoutSeconds }) => seconds > timeoutSeconds / 2);
    const report = [
      `End-to-end tests: ${this.timings.length}, the ten slowest:`,
      ...bySlowest.slice(0, 10).map(line),
      nearTheirLimit.length === 0
        ? "No test took more than half its timeout."
        : `${nearTheirLimit.length} took more than half their timeout:`,
      ...nearTheirLimit.map(line),
    ].join("\n");
    process.stdout.write(`\n${report}\n`);
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${report}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
