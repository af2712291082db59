// The API in a process of its own for a benchmark (`serve.ts real`, as `npm start` runs it), so
// the load generator does not share its event loop, and a visitor's token from it.
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const clientId = "kindred-bench";
const clientSecret = "bench-client-secret-0123456789";

export interface BenchApi {
  base: string;
  /** A new visitor's application token; `address` is sent as X-Forwarded-For (trusted from 127.0.0.1). */
  visitorToken(address?: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the API with the benchmark's OAuth client and `env` on top of this process's. With
 * BENCH_CPU_PROFILE=<folder> the API writes its CPU profile there when it stops (open it in
 * Chrome's DevTools, or any .cpuprofile viewer).
 */
export async function startBenchApi(env: Record<string, string> = {}): Promise<BenchApi> {
  const profile = process.env.BENCH_CPU_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE)}`]
    : [];
  const server = spawn(
    process.execPath,
    [...profile, "--import", "tsx", path.join(root, "scripts/bench/serve.ts"), "real"],
    {
      cwd: root,
      env: {
        ...process.env,
        OAUTH_WEB_CLIENT_ID: clientId,
        OAUTH_WEB_CLIENT_SECRET: clientSecret,
        // The benchmark names each visitor in X-Forwarded-For, as the web server would.
        TRUST_PROXY: "127.0.0.1",
        ...env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const [line] = await once(createInterface({ input: server.stdout }), "line");
  const base = `http://127.0.0.1:${(JSON.parse(line as string) as { port: number }).port}`;

  return {
    base,
    async visitorToken(address) {
      const response = await fetch(`${base}/token`, {
        method: "POST",
        headers: address ? { "x-forwarded-for": address } : {},
        body: new URLSearchParams({
          grant_type: "client_credentials",
          scope: "APPLICATION",
          client_id: clientId,
          client_secret: clientSecret,
        }),
      });
      if (!response.ok) throw new Error(`POST /token answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { access_token: string }).access_token;
    },
    async stop() {
      server.kill("SIGTERM");
      await once(server, "exit");
    },
  };
}
