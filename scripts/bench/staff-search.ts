// `npm run bench:staff-search`: how fast staff find a plan among 100,000 (issue 24 item 4), on a
// throwaway PostgreSQL (scripts/with-postgres.sh; BENCH_PGLITE=1 runs it on the embedded PGlite
// instead). Seeds BENCH_PLANS plans (default 100,000) with four people's names, emails, phones and
// postcodes, then times each kind of search (median and p95 of 20) through the API's own search,
// and prints the query plan of a postcode search: the trigram index, not a scan of every plan.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../apps/api/src/db/database";
import { searchPlans } from "../../apps/api/src/modules/staff/plan-search";

const planCount = Number(process.env.BENCH_PLANS ?? 100_000);
const runs = 20;

const database: DatabaseHandle = process.env.BENCH_PGLITE
  ? await openDatabase({ kind: "pglite-memory" })
  : await openDatabase({ kind: "postgres", url: requiredDatabaseUrl() });

function requiredDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write("Run it through npm run bench:staff-search (or set BENCH_PGLITE=1).\n");
    process.exit(1);
  }
  return url;
}

type Rows = { rows: Record<string, unknown>[] };
const query = async (statement: ReturnType<typeof sql>) =>
  (await database.db.execute(statement)) as unknown as Rows;

try {
  await database.migrate();
  const seeding = performance.now();
  const userId = randomUUID();
  await query(sql`insert into users (id, kind) values (${userId}, 'guest')`);
  // Names, postcodes and phones from small lists, so common words match many plans and rare ones few.
  await query(sql`
    with numbered as (
      select n,
        (array['Margaret','Edith','John','Susan','David','Mary','Peter','Jean','Robert','Patricia'])[1 + n % 10] as first_name,
        (array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Wright'])[1 + (n / 10) % 10]
          || '-' || (n % 997) as last_name,
        (array['MK','SW','N','LS','B','M','EH','CF','BS','NE'])[1 + (n / 7) % 10] || (n % 40 + 1) || ' '
          || (n % 9 + 1) || chr(65 + n % 26) || chr(65 + (n / 26) % 26) as postcode
      from generate_series(1, ${planCount}) as n
    ), made as (
      insert into plans (user_id, reference, updated_at)
      -- Each plan's short reference (decision 045) spells its number (below 32^4) in the references' alphabet.
      select ${userId}::uuid,
        'KND-BNCH-' || (
          select string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (n / (32 ^ place)::int) % 32 + 1, 1), '' order by place desc)
          from generate_series(0, 3) as place
        ),
        now() - make_interval(mins => n)
      from numbered
      returning id, updated_at
    ), paired as (
      select made.id, numbered.*
      from (select id, row_number() over (order by updated_at desc) as n from made) made
      join numbered using (n)
    )
    insert into plan_people (plan_id, customer, covered_person)
    select id,
      jsonb_build_object('firstName', first_name, 'lastName', last_name,
        'email', lower(first_name) || '.' || n || '@example.com', 'phone', '07700 ' || lpad(n::text, 6, '0'),
        'address', jsonb_build_object('postcode', postcode)),
      jsonb_build_object('firstName', 'Covered', 'lastName', last_name, 'address', jsonb_build_object('postcode', postcode))
    from paired`);
  await query(sql`analyze plan_people`);
  await query(sql`analyze plans`);
  const seeded = (performance.now() - seeding) / 1000;
  // What a caller might give: one plan's postcode, surname, email, phone and reference, as typed.
  const [sample] = (
    await query(sql`
      select plan_id::text as id, customer->'address'->>'postcode' as postcode, customer->>'lastName' as surname,
        customer->>'firstName' as first_name, customer->>'email' as email, customer->>'phone' as phone
      from plan_people order by plan_id limit 1 offset ${Math.floor(planCount / 3)}`)
  ).rows as {
    id: string;
    postcode: string;
    surname: string;
    first_name: string;
    email: string;
    phone: string;
  }[];
  if (!sample) throw new Error("Nothing was seeded");
  const postcodeTyped = sample.postcode.replace(" ", "").toLowerCase();

  const searches: [string, string][] = [
    ["postcode", sample.postcode],
    ["postcode, no space, lower case", postcodeTyped],
    ["part of a surname", sample.surname.slice(2)],
    ["first and last name", `${sample.first_name} ${sample.surname}`],
    ["part of an email address", sample.email.split("@")[0] ?? ""],
    ["phone", sample.phone],
    ["reference (first 8)", sample.id.slice(0, 8)],
    ["a common first name (many matches)", "margaret"],
  ];
  const audit = { staffMemberId: null, fromAddress: "bench", recorded: false };
  const lines: string[] = [];
  for (const [kind, text] of searches) {
    const times: number[] = [];
    let found = 0;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      found = (await searchPlans(database.db, audit, { query: text })).results.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (share: number) =>
      (times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0).toFixed(1);
    lines.push(
      `${kind.padEnd(36)} ${JSON.stringify(text).padEnd(26)} ${String(found).padStart(4)}   ${at(0.5).padStart(7)}   ${at(0.95).padStart(7)}`,
    );
  }
  const explained = await query(sql`
    explain (analyze, costs off, timing on)
    select plans.id from plan_people join plans on plans.id = plan_people.plan_id
    where plan_people.search_text like ${`%${postcodeTyped}%`}
    order by plans.updated_at desc, plans.id desc limit 21`);

  process.stdout.write(
    [
      `Staff plan search on ${database.engine === "postgres" ? "PostgreSQL" : "PGlite"}, ${planCount.toLocaleString("en-GB")} plans (seeded in ${seeded.toFixed(1)} s), ${runs} runs each, whole search (one page of 20, with each result's status):`,
      "",
      `${"search".padEnd(36)} ${"typed".padEnd(26)} ${"shown".padStart(4)}   ${"p50 ms".padStart(7)}   ${"p95 ms".padStart(7)}`,
      ...lines,
      "",
      "Query plan of a postcode search:",
      ...explained.rows.map((row) => `  ${String(Object.values(row)[0])}`),
      "",
    ].join("\n"),
  );
} finally {
  await database.close();
}
