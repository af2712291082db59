// Every endpoint, fed generated input: methods, paths, queries, bodies and headers, well-formed
// and not. Whatever arrives, the API answers without a server error, and a refusal (4xx) changes
// nothing that was stored.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createSignedInCustomer } from "./support/customers";
import { createTestApp, testClient, type TestApp } from "./support/test-app";

/**
 * Requests in a run: each run draws new ones (fast-check prints the seed and path of any failure,
 * to replay it), so CI's runs add up to far more than any one. A longer run:
 * `FUZZ_REQUESTS=50000 npx vitest run --project api apps/api/test/fuzz.test.ts` (decision 037).
 */
const requestCount = Number(process.env.FUZZ_REQUESTS ?? 2_500);

let testApp: TestApp;
let guestToken: string;
let customerToken: string;
let planId: string;
let journey: Record<string, unknown>;
let routes: { method: string; url: string }[];

beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: "fatal" });
  await countJobsSent();
  guestToken = await testApp.requestApplicationToken();
  customerToken = (await createSignedInCustomer(testApp)).token;
  const created = await callApi(testApp, guestToken, "POST", "/api/guest/plan", {
    readings: { notes: "Crossing the Bar" },
  });
  planId = created.json<{ id: string }>().id;
  journey = (await callApi(testApp, guestToken, "GET", `/api/plan/${planId}`)).json<{
    journey: Record<string, unknown>;
  }>().journey;
  const spec = testApp.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([url, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url })),
  );
}, 60_000);
afterAll(() => testApp.close());

/**
 * Jobs sent (emails, say) are counted as they are inserted: the job table itself shrinks on its
 * own when pg-boss deletes finished jobs, which must not look like a request's doing.
 */
async function countJobsSent(): Promise<void> {
  await testApp.db.execute(sql`create table fuzz_jobs_sent (sent bigint not null)`);
  await testApp.db.execute(sql`insert into fuzz_jobs_sent values (0)`);
  await testApp.db.execute(sql`
    create function fuzz_count_job() returns trigger language plpgsql as $$
      begin update fuzz_jobs_sent set sent = sent + 1; return null; end $$`);
  await testApp.db.execute(sql`
    create trigger fuzz_count_job after insert on pgboss.job
      for each row execute function fuzz_count_job()`);
}

/** What a refused request must leave as it was: every stored row that a request can write. */
async function storedState(): Promise<string> {
  const result = await testApp.db.execute(sql`
    select (select count(*) from users) as users,
           (select count(*) from plans) as plans,
           (select coalesce(max(updated_at)::text, '') from plans) as plans_updated,
           (select md5(coalesce(string_agg(id::text || journey::text || coalesce(planning_journey_data, '') || price_data::text, ',' order by id), '')) from plans) as plan_data,
           (select count(*) from access_tokens where revoked_at is null) as live_tokens,
           (select count(*) from account_tokens) as account_tokens,
           (select sent from fuzz_jobs_sent) as jobs_sent`);
  return JSON.stringify(result);
}

const awkwardText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme-composite" }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfff",
    "1e10",
    "2147483648",
    "-1",
    "NaN",
    "",
    " ",
    "null",
  ),
  fc.string({ minLength: 300, maxLength: 3000 }),
);
const awkwardNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, 2 ** 53, -(2 ** 31) - 1, 1e10, 0, -0.5),
);
const anyJson = fc.jsonValue({ maxDepth: 4 });

/** A plan's own journey with one answer replaced by something else. */
const alteredJourney = fc
  .tuple(fc.nat(), fc.oneof(anyJson, awkwardText, awkwardNumber))
  .map(([index, replacement]) => {
    const topics = Object.keys(journey);
    const altered: Record<string, unknown> = structuredClone(journey);
    const topic = topics[index % Math.max(topics.length, 1)];
    if (topic) altered[topic] = replacement;
    return altered;
  });

const body = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 1 },
  { arbitrary: anyJson, weight: 3 },
  { arbitrary: alteredJourney, weight: 3 },
  { arbitrary: fc.dictionary(awkwardText, fc.oneof(awkwardText, awkwardNumber, anyJson)), weight: 2 },
  { arbitrary: awkwardText.map((text) => ({ raw: text })), weight: 1 },
  // Nested far past any contract, as arrays or objects, up to the body limit (60,000 deep is 120 KB).
  {
    arbitrary: fc.tuple(fc.integer({ min: 30, max: 60_000 }), fc.boolean()).map(([depth, asObjects]) => ({
      raw: asObjects
        ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`
        : `${"[".repeat(depth)}${"]".repeat(depth)}`,
    })),
    weight: 1,
  },
);

const pathValue = fc.oneof(
  fc.constant("PLAN"),
  fc.uuid(),
  awkwardText.map((text) => (text.isWellFormed() ? encodeURIComponent(text) : "%ED%A0%80")),
  awkwardNumber.map(String),
);

const request = fc.record({
  route: fc.nat(),
  method: fc.oneof(
    { arbitrary: fc.constant("ROUTE"), weight: 8 },
    {
      arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE"),
      weight: 2,
    },
  ),
  pathValue,
  query: fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        "id",
        "postcode",
        "token",
        "signature",
        "encode",
        "query",
        "search",
        "category",
        "limit",
      ),
      awkwardText,
    ),
    fc.oneof(awkwardText, awkwardNumber.map(String)),
    { maxKeys: 3 },
  ),
  body,
  contentType: fc.constantFrom(
    "application/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=kindred",
    "text/plain",
    "application/json; charset=latin1",
    undefined,
  ),
  holder: fc.constantFrom("guest", "customer", "none", "garbage"),
});

function toInject(generated: typeof request extends fc.Arbitrary<infer T> ? T : never) {
  const route = routes[generated.route % routes.length]!;
  const path = route.url.replace(/\{[^}]+\}/g, () =>
    generated.pathValue === "PLAN" ? planId : generated.pathValue,
  );
  const query = new URLSearchParams(Object.entries(generated.query)).toString();
  const token = {
    guest: guestToken,
    customer: customerToken,
    none: undefined,
    garbage: "not-a-token",
  }[generated.holder];
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (generated.contentType) headers["content-type"] = generated.contentType;
  let payload: string | undefined;
  if (generated.body !== undefined) {
    const raw = (generated.body as { raw?: unknown } | null)?.raw;
    if (typeof raw === "string") payload = raw;
    else if (generated.contentType === "application/x-www-form-urlencoded" && route.url === "/token") {
      payload = new URLSearchParams({
        grant_type: "client_credentials",
        client_id: testClient.id,
        client_secret: testClient.secret,
        scope: typeof generated.body === "string" ? generated.body : "APPLICATION",
      }).toString();
    } else payload = JSON.stringify(generated.body);
  }
  const method = generated.method === "ROUTE" ? route.method : generated.method;
  return {
    method: method as "GET",
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload === undefined || method === "GET" || method === "HEAD" ? {} : { payload }),
  };
}

describe("every endpoint, fed generated input", () => {
  it(`answers ${requestCount} requests without a server error, and a refusal stores nothing`, async () => {
    expect(routes.length).toBeGreaterThan(15);
    const statuses = new Map<number, number>();
    // The stored state as the last refusal left it: unchanged until a request is accepted.
    let before: string | undefined;

    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        const injected = toInject(generated);
        // An accepted registration or reset request is looked into by a job afterwards, which
        // stores its link and queues its email: let it finish, so it is not counted against this one.
        await testApp.app.accountEmailRequests.idle();
        before ??= await storedState();
        const response = await testApp.app.inject(injected);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          throw new Error(
            `${injected.method} ${injected.url} answered ${response.statusCode}: ${response.body}`,
          );
        }
        if (response.statusCode >= 400) expect(await storedState()).toBe(before);
        else before = undefined;
      }),
      { numRuns: requestCount },
    );

    // The input reached past the front door too: some requests were accepted.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
