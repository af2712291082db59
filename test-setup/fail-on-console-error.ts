import { format } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

/** An unexpected console.error is a bug the test did not look for: it fails the test. */
let errors: string[] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(format(...args));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.join("\n")}`);
  }
});
