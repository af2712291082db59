// `npm run bench:plan-save`: plan saves (PATCH /api/plan/{id}) at 50 connections on a real
// PostgreSQL (started by scripts/with-postgres.sh), each connection saving a plan of its own as a
// visitor's autosave does; prints requests per second and p50/p99 latency (issue 12 item 13: p99
// goal under 25 ms). The API runs in its own process, as `npm start` runs it.
import autocannon from "autocannon";

import {
  funeralDirectorSearchResponseSchema,
  planOptionsResponseSchema,
  planResponseSchema,
} from "@kindred/contracts";
import { fullJourney } from "../../apps/api/test/support/journeys";
import { startBenchApi } from "./bench-api";

if (!process.env.DATABASE_URL) {
  console.error("Run it through npm run bench:plan-save, which starts PostgreSQL and sets DATABASE_URL.");
  process.exit(1);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

// BENCH_CPU_PROFILE=<folder> writes the API process's CPU profile there (see bench-api.ts), to
// see where a save's time goes.
const api = await startBenchApi({
  // Every visitor here comes from 127.0.0.1: the flood guards would count them as one.
  GUEST_TOKENS_PER_ADDRESS_PER_HOUR: "100000",
});
const { base } = api;

async function call(token: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

try {
  const firstToken = await api.visitorToken();
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
      const token = await api.visitorToken();
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
  await api.stop();
}
