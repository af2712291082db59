// CI's PostgreSQL stage (`npm run test:postgres`) runs only the API's tests tagged `engine`
// (docs/decisions/034-postgresql-stage-runs-engine-tests.md). A test that leans on the database
// engine and is not tagged would never meet PostgreSQL in CI, and nothing would say so: this finds
// such tests by what they touch and fails naming the file. The tag is read as Vitest's static
// parse reads it (the stage runs with --experimental.preParse, which leaves out, unrun, every file
// with no tagged test): a `// @module-tag engine` comment, or `tags: "engine"` or `tags: [...,
// "engine"]` written out in a test's or describe's options, never through a variable.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface Marker {
  /** What the test does that makes it the engine's business. */
  what: string;
  pattern: RegExp;
}

const root = new URL("./", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

const camelCase = (name: string) => name.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * A write that a trigger of the migrations watches: an update or delete of a table kept as written
 * (drizzle's `.update(table)`, or the SQL), or a change of the column an `UPDATE OF` trigger checks.
 * A trigger that also fires on INSERT is left out: it checks a state every write may reach, not a
 * refusal a test sets out to see (the plan money trigger's refusal is found by its column).
 */
function triggerWatchedWrites(): Marker[] {
  const folder = "apps/api/drizzle/";
  const triggerPattern =
    /CREATE\s+(?:CONSTRAINT\s+)?TRIGGER\s+"?\w+"?\s+(?:BEFORE|AFTER|INSTEAD\s+OF)\s+([\s\S]+?)\s+ON\s+"?(\w+)"?/gi;
  return readdirSync(new URL(folder, root))
    .filter((file) => file.endsWith(".sql"))
    .flatMap((file) =>
      [...read(folder + file).matchAll(triggerPattern)].flatMap(([, events = "", table = ""]): Marker[] => {
        const column = /UPDATE\s+OF\s+"?(\w+)"?/i.exec(events)?.[1];
        if (column) {
          return [
            {
              what: `a change of ${table}.${column}, which a trigger checks (${file})`,
              pattern: new RegExp(
                `\\.set\\(\\{[^)]*\\b${camelCase(column)}\\s*:|\\bset\\s+"?${column}"?\\s*=`,
                "i",
              ),
            },
          ];
        }
        if (/\bINSERT\b/i.test(events)) return [];
        const raw = `\\b(?:update|delete\\s+from|truncate(?:\\s+table)?)\\s+"?${table}\\b`;
        return [
          {
            what: `a write to ${table}, which a trigger keeps as written (${file})`,
            pattern: new RegExp(`${raw}|\\.(?:update|delete)\\(\\s*${camelCase(table)}\\s*\\)`, "i"),
          },
        ];
      }),
    );
}

const markers: Marker[] = [
  {
    what: "a row lock",
    pattern:
      /\bfor\s+(?:no\s+key\s+)?(?:update|share)\b|\bskip\s+locked\b|\bskipLocked\b|\bnowait\b|\.for\(\s*["'`]/i,
  },
  { what: "an advisory lock", pattern: /\bpg_(?:try_)?advisory_|\.exclusively\(/ },
  {
    what: "LISTEN/NOTIFY",
    pattern:
      /\bpg_notify\b|["'`]\s*(?:un)?listen\s|["'`]\s*notify\s|\.listen\(\s*\w*channel|tokenRevocationChannel|revokeAccessTokensOf/i,
  },
  { what: "pg-boss's own tables", pattern: /\bpgboss\.|["']pg-boss["']/ },
  { what: "apps sharing one database", pattern: /\bcreateSharedTestDatabase\b/ },
  {
    what: "a lost connection",
    pattern: /\bstartTcpProxy\b|tcp-proxy|\bpg_terminate_backend\b|\.closeDatabase\(|\breachDatabaseBy\b/,
  },
  {
    what: "migrations",
    pattern:
      /\.migrate\(|\bareMigrationsApplied\b|__drizzle_migrations|\bMIGRATE_ON_START\b|src\/migrate\b|\bprepareDatabase\(/,
  },
  {
    what: "a trigger of its own",
    pattern: /\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\b|\breturns\s+trigger\b/i,
  },
  {
    what: "a search index or an extension",
    pattern:
      /\bpg_trgm\b|\bgin_trgm_ops\b|\bsimilarity\(|\/api\/staff\/plans\?|\bcreate\s+extension\b|\bpgliteExtensions\b/i,
  },
  // Calls racing each other go through support/at-once.ts, so a race can be seen here.
  { what: "calls at once", pattern: /\batOnce\(/ },
  ...triggerWatchedWrites(),
];

/** What in `source` is the engine's business, by the markers' descriptions. */
function engineBusiness(source: string): string[] {
  // A table with two triggers (one for rows, one for emptying it) is one marker twice: said once.
  return [...new Set(markers.filter((marker) => marker.pattern.test(source)).map((marker) => marker.what))];
}

/** Whether the file carries the tag where Vitest's static parse sees it (see the note at the top). */
function taggedEngine(source: string): boolean {
  const moduleTags = [...source.matchAll(/(?:\/\/|\*)\s*@module-tag\s+([\w\-/]+)\b/g)].map(
    (match) => match[1],
  );
  return (
    moduleTags.includes("engine") ||
    /\btags:\s*(?:"engine"|'engine'|\[[^\]]*["']engine["'][^\]]*\])/.test(source)
  );
}

/** Files that touch what a marker looks for and yet not the engine's behaviour, with the reason. */
const notAboutTheEngine: Record<string, string> = {
  "apps/api/test/fuzz.test.ts":
    "its trigger on pg-boss's job table only counts the jobs a request queued; the test is about what " +
    "the API accepts, the same on either engine, and its 10,000 requests would cost the stage minutes",
  "apps/api/test/private-files.test.ts":
    "it opens PGlite by name, on a folder of its own, to see the files' modes: it never meets PostgreSQL",
};

/** The API project's test files (vitest.config.ts), as paths from the repository's root. */
function apiTestFiles(): string[] {
  return ["apps/api/test/", "apps/api/src/"].flatMap((folder) =>
    readdirSync(new URL(folder, root), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".test.ts"))
      .map((file) => folder + file.split("\\").join("/")),
  );
}

/** Each file that does something of the engine's, untagged and not let off: the file and what it does. */
function untaggedEngineTests(files: Map<string, string>): string[] {
  return [...files]
    .filter(([file, source]) => !taggedEngine(source) && !(file in notAboutTheEngine))
    .map(([file, source]) => [file, engineBusiness(source)] as const)
    .filter(([, business]) => business.length > 0)
    .map(([file, business]) => `${file}: ${business.join("; ")}`);
}

describe("the API's tests of the database engine", () => {
  const files = new Map(apiTestFiles().map((file) => [file, read(file)]));

  it("finds the test files to look at", () => {
    expect(files.size).toBeGreaterThan(50);
    expect([...files.keys()]).toContain("apps/api/test/plan-money-model.test.ts");
  });

  it("are all tagged engine, so CI's PostgreSQL stage runs them", () => {
    expect(untaggedEngineTests(files)).toEqual([]);
  });

  it("include every *.postgres.test.ts as a whole file, since it runs nowhere else", () => {
    const postgresOnly = [...files].filter(([file]) => file.endsWith(".postgres.test.ts"));
    expect(postgresOnly.length).toBeGreaterThan(0);
    const untagged = postgresOnly.filter(
      ([, source]) => !/(?:\/\/|\*)\s*@module-tag\s+engine\b/.test(source),
    );
    expect(untagged.map(([file]) => file)).toEqual([]);
  });

  it("let off only files that still touch what a marker looks for", () => {
    for (const [file, reason] of Object.entries(notAboutTheEngine)) {
      const source = files.get(file);
      expect(source, `${file} is let off (${reason}) but is not there`).toBeDefined();
      expect(engineBusiness(source ?? ""), `${file} is let off for nothing`).not.toEqual([]);
    }
  });
});

describe("the check", () => {
  const untagged = (source: string) => untaggedEngineTests(new Map([["apps/api/test/new.test.ts", source]]));
  const lockingTest = `it("keeps one of two saves", async () => {
    await db.select().from(plans).where(eq(plans.id, id)).for("update");
  });`;

  it("fails a test that takes a lock and is not tagged, naming its file and why", () => {
    expect(untagged(lockingTest)).toEqual(["apps/api/test/new.test.ts: a row lock"]);
  });

  it("passes it tagged as a whole file or in its options, as Vitest reads the tag", () => {
    expect(untagged(`// @module-tag engine\n${lockingTest}`)).toEqual([]);
    expect(untagged(lockingTest.replace("async () =>", '{ tags: ["engine"] }, async () =>'))).toEqual([]);
    expect(
      untagged(lockingTest.replace("async () =>", '{ timeout: 1_000, tags: "engine" }, async () =>')),
    ).toEqual([]);
  });

  it("fails a tag given through a variable, which Vitest's static parse cannot read", () => {
    expect(untagged(lockingTest.replace("async () =>", "{ tags: [engineTag] }, async () =>"))).toHaveLength(
      1,
    );
    expect(untagged(lockingTest.replace("async () =>", '{ tags: ["slow"] }, async () =>'))).toHaveLength(1);
  });

  it("leaves alone a test that does nothing of the engine's", () => {
    expect(
      untagged(`it("lists plans", async () => { await callApi(testApp, token, "GET", "/api/plan"); });`),
    ).toEqual([]);
  });

  it.each([
    ["a row lock", "sql`select id from refunds where id = ${id} for update skip locked`"],
    ["an advisory lock", "sql`select pg_advisory_xact_lock(hashtext(${key}))`"],
    ["LISTEN/NOTIFY", "sql`select pg_notify(${channel}, ${payload})`"],
    ["pg-boss's own tables", "sql`select state from pgboss.job where name = ${queue}`"],
    ["apps sharing one database", "const database = await createSharedTestDatabase();"],
    ["a lost connection", 'await admin.query("select pg_terminate_backend($1)", [pid]);'],
    ["migrations", "await database.exclusively(() => database.migrate());"],
    ["a trigger of its own", "sql`create trigger refuse_write before insert on plans`"],
    ["a search index or an extension", 'callApi(testApp, agent.token, "GET", `/api/staff/plans?q=${query}`)'],
    ["calls at once", "const answers = await atOnce([send(), send()]);"],
    ["a write to staff_audit_events", "sql`delete from staff_audit_events`"],
    ["a write to plan_notes", "await testApp.db.update(planNotes).set({ text: 'changed' });"],
    ["a change of plans.cancelled_at", "await tx.update(plans).set({ cancelledAt: sql`now()` });"],
  ])("finds %s", (what, line) => {
    const [found] = untagged(`it("does it", async () => {\n  ${line}\n});`);
    expect(found).toContain(what);
  });
});
