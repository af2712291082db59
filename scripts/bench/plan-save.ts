// `npm run bench:plan-save`: plan saves (PATCH /api/plan/{id}) at 50 connections on a real
// PostgreSQL (started by scripts/with-postgres.sh), each connection saving a plan of its own as a
// visitor's autosave does; prints requests per second and p50/p99 latency (issue 12 item 13: p99
// goal under 25 ms). The API runs in its own process, as `npm start` runs it.
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  funeralDirectorSearchResponseSchema,
  planOptionsResponseSchema,
  planResponseSchema,
} from "@kindred/contracts";
import { fullJourney } from "../../apps/api/test/support/journeys";

if (!process.env.DATABASE_URL) {
  console.error("Run it through npm run bench:plan-save, which starts PostgreSQL and sets DATABASE_URL.");
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const clientId = "kindred-bench";
const clientSecret = "bench-client-secret-0123456789";

// BENCH_CPU_PROFILE=<folder> writes the API process's CPU profile there (open it in Chrome's
// DevTools, or any .cpuprofile viewer), to see where a save's time goes.
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
      // Every visitor here comes from 127.0.0.1: the flood guards would count them as one.
      GUEST_TOKENS_PER_ADDRESS_PER_HOUR: "100000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const [line] = await once(createInterface({ input: server.stdout }), "line");
const base = `http://127.0.0.1:${(JSON.parse(line as string) as { port: number }).port}`;

async function call(token: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function visitorToken(): Promise<string> {
  const response = await fetch(`${base}/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "client_credentials",
      scope: "APPLICATION",
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

try {
  const firstToken = await visitorToken();
  const catalogue = planOptionsResponseSchema.parse(await call(firstToken, "GET", "/api/plan-options"));
  const search = funeralDirectorSearchResponseSchema.parse(
    await call(firstToken, "GET", "/api/funeral-director/search?postcode=N1%201AA"),
  );
  const branch = search.branches[0];
  if (!branch) throw new Error("No funeral director near N1");
  const body = JSON.stringify({
    ...fullJourney(catalogue, branch.id),
    saveUnfinishedJourney: true,
    planningJourneyData: JSON.stringify({ enabledSteps: ["attendance", "funeral-director"] }),
  });

  // One visitor and one plan per connection.
  const visitors = await Promise.all(
    Array.from({ length: connections }, async () => {
      const token = await visitorToken();
      const plan = planResponseSchema.parse(await call(token, "POST", "/api/guest/plan", {}));
      return { token, path: `/api/plan/${plan.id}` };
    }),
  );

  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: "PATCH",
        setupRequest: (request, context: { visitor?: number }) => {
          context.visitor ??= next++ % visitors.length;
          const visitor = visitors[context.visitor]!;
          return {
            ...request,
            path: visitor.path,
            headers: { authorization: `Bearer ${visitor.token}`, "content-type": "application/json" },
            body,
          };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  console.log(
    `\nPATCH /api/plan/{id} on PostgreSQL, ${connections} connections (a plan each), ${seconds} s, Node ${process.version}\n`,
  );
  console.log(`requests        ${result.requests.total}`);
  console.log(`req/s           ${result.requests.average.toFixed(0)}`);
  console.log(`p50             ${result.latency.p50} ms`);
  console.log(`p99             ${result.latency.p99} ms   (goal: under 25 ms)`);
} finally {
  server.kill("SIGTERM");
  await once(server, "exit");
}
