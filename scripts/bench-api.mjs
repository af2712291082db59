// `npm run bench:api`: load on GET /api/plan-options, and on a bare Fastify route serving the
// same payload through the same zod response schema, in the same run; prints requests per
// second, p99 latency and the ratio. Everything runs on 127.0.0.1 and stops by itself.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { runOnPinnedNode } from "./pinned-node.mjs";

await runOnPinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const clientId = "kindred-bench";
const clientSecret = "bench-client-secret-0123456789";

async function startServer(mode) {
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/bench/serve.ts"), mode],
    {
      env: { ...process.env, OAUTH_WEB_CLIENT_ID: clientId, OAUTH_WEB_CLIENT_SECRET: clientSecret },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const [line] = await once(createInterface({ input: child.stdout }), "line");
  return { child, port: JSON.parse(line).port };
}

async function stopServer(server) {
  server.child.kill("SIGTERM");
  await once(server.child, "exit");
}

async function load(url, headers) {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99 };
}

const real = await startServer("real");
const tokenResponse = await fetch(`http://127.0.0.1:${real.port}/token`, {
  method: "POST",
  body: new URLSearchParams({
    grant_type: "client_credentials",
    scope: "APPLICATION",
    client_id: clientId,
    client_secret: clientSecret,
  }),
});
const { access_token: token } = await tokenResponse.json();
const apiFigures = await load(`http://127.0.0.1:${real.port}/api/plan-options`, {
  authorization: `Bearer ${token}`,
});
await stopServer(real);

const bare = await startServer("bare");
const bareFigures = await load(`http://127.0.0.1:${bare.port}/api/plan-options`, {});
await stopServer(bare);

const row = (name, figures) =>
  `${name.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(10)} ${`${figures.p99} ms`.padStart(10)}`;
console.log(
  `\n${connections} connections, ${seconds} s each, on ${process.platform} with Node ${process.version}\n`,
);
console.log(`${"".padEnd(34)} ${"req/s".padStart(10)} ${"p99".padStart(10)}`);
console.log(row("GET /api/plan-options (full API)", apiFigures));
console.log(row("bare Fastify, same schema", bareFigures));
console.log(
  `\nfull API / bare: ${(apiFigures.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(2)} of the requests per second`,
);
