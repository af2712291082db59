// Render times for `npm run bench:documents`: a full attended cremation's plan summary, drawn from
// its blocks to PDF (the renderer alone), then the whole call `GET /api/plan/{id}/document/summary`
// through the API (token check, plan read, pricing, rendering). Prints one JSON line.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pricePlan } from "@kindred/domain";
import { buildApp } from "../../apps/api/src/app";
import { loadConfig } from "../../apps/api/src/config";
import { selectCatalogue } from "../../apps/api/src/modules/catalogue/queries";
import { buildPlanOptions } from "../../apps/api/src/modules/catalogue/service";
import { loadLegalLibrary } from "../../apps/api/src/modules/documents/legal-library";
import { renderDocumentPdf } from "../../apps/api/src/modules/documents/pdf";
import { fillPlanSlots } from "../../apps/api/src/modules/documents/plan-blocks";
import { prepareDatabase } from "../../apps/api/src/startup";
import { fullJourney } from "../../apps/api/test/support/journeys";

const runs = Number(process.env.BENCH_RUNS ?? 100);
const warmUp = 10;

async function time(action: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let run = 0; run < warmUp; run += 1) await action();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await action();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (fraction: number) =>
    times[Math.min(times.length - 1, Math.floor(fraction * times.length))] ?? 0;
  return { median: Number(at(0.5).toFixed(1)), p95: Number(at(0.95).toFixed(1)) };
}

const config = loadConfig({
  LOG_LEVEL: "warn",
  OAUTH_WEB_CLIENT_ID: "kindred-bench",
  OAUTH_WEB_CLIENT_SECRET: "bench-client-secret-0123456789",
  REQUESTS_PER_ADDRESS_PER_MINUTE: "100000000",
  GUEST_TOKENS_PER_ADDRESS_PER_HOUR: "100000000",
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kindred-bench-")),
});
const database = await prepareDatabase(config, { kind: "pglite-memory" });
const catalogue = buildPlanOptions(await selectCatalogue(database.db));
const library = await loadLegalLibrary(config.CONTENT_DIR);
const summary = library.get("plan-summary");
if (!summary) throw new Error("No plan summary in content/legal");

const app = await buildApp({ config, database });
const tokenAnswer = await app.inject({
  method: "POST",
  url: "/token",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams({
    grant_type: "client_credentials",
    scope: "APPLICATION",
    client_id: config.OAUTH_WEB_CLIENT_ID,
    client_secret: config.OAUTH_WEB_CLIENT_SECRET,
  }).toString(),
});
const { access_token: token } = tokenAnswer.json<{ access_token: string }>();
const branches = await app.inject({
  method: "GET",
  url: "/api/funeral-director/search?postcode=N1%201AA",
  headers: { authorization: `Bearer ${token}` },
});
const branch = branches.json<{ branches: { id: number; name: string }[] }>().branches[0];
if (!branch) throw new Error("No branch near N1");
const journey = fullJourney(catalogue, branch.id);

const priced = pricePlan(journey, catalogue, { funeralDirector: () => branch.name });
const blocks = fillPlanSlots(
  summary.blocks,
  {
    priced,
    reference: "00000000-0000-4000-8000-000000000000",
    madeAt: new Date(),
    coveredPerson: {
      name: "Mrs Margaret Hughes",
      dateOfBirth: "1938-11-02",
      arrangedBy: { name: "Mrs Sarah Jones", relationship: "Mother" },
    },
    referral: null,
  },
  { compact: true },
);
const renderer = await time(() => renderDocumentPdf({ title: summary.title, blocks, scale: "compact" }));

const created = await app.inject({
  method: "POST",
  url: "/api/guest/plan",
  headers: { authorization: `Bearer ${token}` },
  payload: journey as Record<string, unknown>,
});
const planId = created.json<{ id: string }>().id;
const wholeCall = await time(async () => {
  const answer = await app.inject({
    method: "GET",
    url: `/api/plan/${planId}/document/summary`,
    headers: { authorization: `Bearer ${token}`, accept: "application/pdf" },
  });
  if (answer.statusCode !== 200) throw new Error(`GET summary answered ${answer.statusCode}`);
});

await app.close();
await database.close();
console.log(JSON.stringify({ runs, renderer, wholeCall }));
