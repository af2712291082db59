import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../../../test-setup/free-port";
import { copySavedDatabaseTo } from "./saved-database";

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Every line the process wrote to standard output (pino's JSON lines) so far. */
  lines: string[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Resolves when a log line with this message has been written. */
  logged(message: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `src/server.ts` as `npm start` would (through tsx, on PGlite in a folder of its own,
 * a copy of the saved database), and resolves once it says it is ready.
 */
export async function startApiProcess(settings: Record<string, string> = {}): Promise<ApiProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "kindred-api-process-"));
  await copySavedDatabaseTo(path.join(dataDir, "pglite"));
  const port = await freePort();
  const { DATABASE_URL: _server, ...environment } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: apiRoot,
    env: {
      ...environment,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      API_HOST: "127.0.0.1",
      API_PORT: String(port),
      DATA_DIR: dataDir,
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiting: { message: string; resolve: () => void }[] = [];
  const messages = new Set<string>();
  let partial = "";
  child.stdout.on("data", (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const complete = text.split("\n");
    partial = complete.pop() ?? "";
    for (const line of complete.filter(Boolean)) {
      lines.push(line);
      try {
        const message = (JSON.parse(line) as { msg?: string }).msg ?? "";
        messages.add(message);
        for (const waiter of waiting.filter((w) => message.startsWith(w.message))) waiter.resolve();
      } catch {
        // not a log line
      }
    }
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const logged = (message: string) =>
    [...messages].some((seen) => seen.startsWith(message))
      ? Promise.resolve()
      : Promise.race([
          new Promise<void>((resolve) => waiting.push({ message, resolve })),
          exited.then((code) => {
            throw new Error(`The API exited (${code}) before logging "${message}":\n${errors}`);
          }),
        ]);
  await logged("API ready");
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    lines,
    exited,
    logged,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
