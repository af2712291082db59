// `npm run load`: the load and fault run (issue 12 item 14). nginx in front of two web and two
// API processes on one real PostgreSQL (scripts/with-postgres.sh starts it), simulated visitors
// making whole journeys through it for a minute, `kill -9` of one API process and one web process
// mid-run and a restart of each, then the figures: requests, answers by status, p50/p99, failures
// in flight at the kills against failures anywhere else, saves acknowledged against saves stored,
// and the checks that must hold across processes. docs/load-run.md says how to read it.
//
// Settings (environment): LOAD_VISITORS (200), LOAD_SECONDS (60), LOAD_KILL_AT_SECONDS (20),
// LOAD_RESTART_AFTER_SECONDS (5), LOAD_THINK_MS (4000: a person's pause between actions),
// LOAD_BASE_PORT (8700: nginx there and on the next port, the web and API processes on the four
// after), LOAD_KEEP_FILES (set: keep the logs folder).
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { funeralDirectorSearchResponseSchema, planOptionsResponseSchema } from "@kindred/contracts";
import { buildIfNeeded } from "../build-if-needed.mjs";
import { ensureNginx, nginxBinary } from "../ensure-nginx.mjs";
import {
  accountLockoutAcrossProcesses,
  addressLockoutAcrossProcesses,
  globalLimitPerProcess,
  guestTokenLimitAcrossProcesses,
  revocationAcrossProcesses,
  type CheckResult,
} from "./checks";
import { Cluster, portsFrom, type Service } from "./cluster";
import { Client, parsed, Recorder } from "./http";
import { Visitor, type JourneyContext } from "./journey";
import {
  checkSaves,
  inFlightAt,
  isFailure,
  requestTable,
  statusBreakdown,
  type Kill,
  type StoredPlan,
} from "./report";
import { elapsed, setting, stoppedOnExit, wait } from "./support";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const visitors = setting("LOAD_VISITORS", 200);
const seconds = setting("LOAD_SECONDS", 60);
const killAt = setting("LOAD_KILL_AT_SECONDS", 20);
const restartAfter = setting("LOAD_RESTART_AFTER_SECONDS", 5);
const thinkMs = setting("LOAD_THINK_MS", 4000);
const ports = portsFrom(setting("LOAD_BASE_PORT", 8700));
// The API's defaults, which the checks expect to find in force.
const guestTokensPerHour = 120;
const requestsPerMinute = 600;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Run it through `npm run load`, which starts PostgreSQL and sets DATABASE_URL.");
  process.exit(1);
}

ensureNginx();
buildIfNeeded();

const cluster = new Cluster({ root, databaseUrl, ports, nginxBinary });
// However the run ends, every process ends and the folder goes (unless kept), then this one.
const cleanUp = stoppedOnExit(cluster, () => {
  if (process.env.LOAD_KEEP_FILES) console.log(`Logs kept in ${cluster.folder}`);
  else cluster.removeFolder();
});
const addressOf = (index: number) => `127.1.${Math.floor(index / 200)}.${(index % 200) + 1}`;
const checkAddress = (index: number) => `127.2.${process.pid % 250}.${index}`;

let exitCode = 0;
try {
  const startedAt = performance.now();
  console.log(
    `Starting nginx, 2 web and 2 API processes on PostgreSQL (ports ${ports.public}–${ports.api[1]})…`,
  );
  await cluster.start();
  console.log(`Ready in ${elapsed(startedAt)} s. Logs: ${cluster.folder}`);

  // The catalogue and a branch, found as a visitor finds them, for the journeys' answers.
  const setup = new Client({ host: "127.0.0.1", port: ports.public, localAddress: "127.3.0.1" });
  const token = parsed<{ access_token: string }>(
    await setup.token("setup", { grant_type: "client_credentials", scope: "APPLICATION" }),
  )?.access_token;
  if (!token) throw new Error("The site gave no guest token");
  const catalogue = planOptionsResponseSchema.parse(
    parsed(await setup.json("setup", "GET", "/api/plan-options", token)),
  );
  const [branch] = funeralDirectorSearchResponseSchema.parse(
    parsed(await setup.json("setup", "GET", "/api/funeral-director/search?postcode=N1%201AA", token)),
  ).branches;
  if (!branch) throw new Error("No funeral director near N1");
  setup.close();

  const recorder = new Recorder();
  const loadStart = performance.now();
  const at = (second: number) => loadStart + second * 1000;
  const context: JourneyContext = {
    catalogue,
    branchId: branch.id,
    deadline: at(seconds),
    thinkMs,
    guestSaves: 4,
    customerSaves: 2,
    ledgers: [],
    counts: { started: 0, finished: 0, abandoned: new Map() },
  };
  const loadSamples: number[] = [];
  const sampling = setInterval(() => loadSamples.push(os.loadavg()[0]!), 5000);
  const loadBefore = os.loadavg()[0]!;
  console.log(
    `Running ${visitors} visitors for ${seconds} s (think time ${thinkMs} ms; load average ${loadBefore.toFixed(2)} on ${os.cpus().length} cores)…`,
  );

  const running = Array.from({ length: visitors }, (_, index) =>
    new Visitor(
      addressOf(index),
      new Client({ host: "127.0.0.1", port: ports.public, localAddress: addressOf(index), recorder }),
      context,
    ).run(),
  );

  const kills: Kill[] = [];
  const untilSecond = (second: number) => wait(Math.max(0, at(second) - performance.now()));
  // The checks across processes, while the load runs: before the kills, and on the restarted API.
  const check = async (run: () => Promise<CheckResult>) => {
    const result = await run();
    console.log(
      `  ${elapsed(loadStart)} s: ${result.passed === false ? "FAILED" : "checked"}: ${result.name}`,
    );
    return result;
  };
  // One after another, so they do not add up to a load of their own. Those that call each API
  // process by its address end before the kills (which wait for them on a slow machine).
  const checksBefore = (async () => {
    await untilSecond(Math.min(3, killAt / 4));
    return [
      await check(() => revocationAcrossProcesses({ ports, address: checkAddress(1), from: 0, to: 1 })),
      await check(() => accountLockoutAcrossProcesses({ ports, address: checkAddress(2) })),
      await check(() => addressLockoutAcrossProcesses({ ports, address: checkAddress(3) })),
    ];
  })();

  /** kill -9 at the second given (or once the checks before the kills are done), then a restart. */
  const crash = async (service: Service, second: number) => {
    await untilSecond(second);
    const signalled = performance.now();
    const pid = service.pid;
    await service.crash();
    const kill: Kill = { name: service.spec.name, at: signalled, diedAt: performance.now() };
    kills.push(kill);
    console.log(
      `  ${elapsed(loadStart)} s: kill -9 ${service.spec.name} (pid ${pid}), gone ${(kill.diedAt - kill.at).toFixed(0)} ms after the signal`,
    );
    return kill;
  };
  const restart = async (service: Service, kill: Kill) => {
    await wait(Math.max(0, kill.at + restartAfter * 1000 - performance.now()));
    console.log(`  ${elapsed(loadStart)} s: restarting ${service.spec.name}`);
    await cluster.restart(service);
    kill.readyAt = performance.now();
    console.log(`  ${elapsed(loadStart)} s: ${service.spec.name} ready again (pid ${service.pid})`);
  };
  const faults = (async () => {
    if (killAt >= seconds) return;
    await checksBefore;
    const apiKill = await crash(cluster.apis[0], killAt);
    const apiBack = restart(cluster.apis[0], apiKill);
    const webKill = await crash(cluster.webs[0], (apiKill.at - loadStart) / 1000 + 1);
    await Promise.all([apiBack, restart(cluster.webs[0], webKill)]);
  })();

  const checks = (async () => {
    const results = await checksBefore;
    // On the restarted processes, once they are back.
    await faults;
    await wait(2000);
    results.push(
      await check(() => revocationAcrossProcesses({ ports, address: checkAddress(4), from: 1, to: 0 })),
      await check(() =>
        guestTokenLimitAcrossProcesses({ ports, address: checkAddress(5), perHour: guestTokensPerHour }),
      ),
    );
    return results;
  })();

  await Promise.all(running);
  const loadEnd = performance.now();
  await faults;
  const checkResults = await checks;
  clearInterval(sampling);
  checkResults.push(
    await globalLimitPerProcess({ ports, address: checkAddress(6), perMinute: requestsPerMinute }),
  );

  // What PostgreSQL holds for every plan a visitor saved.
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const { rows } = await database.query<StoredPlan>(
    `select id, version, journey->'readings'->>'notes' as notes from plans where id = any($1::uuid[])`,
    [context.ledgers.map((ledger) => ledger.planId)],
  );
  await database.end();
  const saves = checkSaves(context.ledgers, new Map(rows.map((row) => [row.id, row])));

  const outcomes = recorder.outcomes;
  const failures = outcomes.filter(isFailure);
  const atKill = failures.filter((outcome) => inFlightAt(outcome, kills));
  const outside = failures.filter((outcome) => !inFlightAt(outcome, kills));
  const inFlightCounts = kills.map(
    (kill) => outcomes.filter((outcome) => inFlightAt(outcome, [kill])).length,
  );
  const duration = (loadEnd - loadStart) / 1000;

  const lines = [
    "",
    `LOAD RUN: ${visitors} visitors, ${duration.toFixed(1)} s, nginx → 2 web → nginx → 2 API → PostgreSQL, Node ${process.version}`,
    `Machine: ${os.cpus().length} cores, load average ${loadBefore.toFixed(2)} before, ` +
      `${(loadSamples.reduce((sum, value) => sum + value, 0) / Math.max(1, loadSamples.length)).toFixed(2)} mean and ` +
      `${Math.max(...loadSamples, loadBefore).toFixed(2)} highest during the run (shared with other work)`,
    `Journeys: ${context.counts.started} started, ${context.counts.finished} finished before the end` +
      (context.counts.abandoned.size
        ? `, given up: ${[...context.counts.abandoned].map(([why, count]) => `${count} × ${why}`).join(", ")}`
        : ", none given up"),
    ...kills.map(
      (kill, index) =>
        `Fault: ${kill.name} killed (kill -9) at ${((kill.at - loadStart) / 1000).toFixed(1)} s ` +
        `(gone ${(kill.diedAt - kill.at).toFixed(0)} ms later) with ` +
        `${inFlightCounts[index]} requests in flight; ready again at ${kill.readyAt ? ((kill.readyAt - loadStart) / 1000).toFixed(1) : "-"} s`,
    ),
    "",
    `Requests (${outcomes.length}, ${(outcomes.length / duration).toFixed(0)} a second; latency of answered requests, measured at the visitor):`,
    requestTable(outcomes),
    "",
    "Answers other than 2xx/3xx:",
    statusBreakdown(outcomes, kills),
    "",
    `Failures (5xx or no answer): ${failures.length}; in flight at a kill: ${atKill.length}; ` +
      `outside the kills: ${outside.length}`,
    "",
    "Saves:",
    `  acknowledged (2xx)                          ${saves.acknowledged} on ${saves.plans} plans`,
    `  in doubt (sent, no answer or 5xx)           ${saves.inDoubt}`,
    `  plans holding their last acknowledged save  ${saves.storedAsAcknowledged}`,
    `  plans holding a later in-doubt save         ${saves.storedLaterInDoubt}`,
    `  LOST (acknowledged, not stored)             ${saves.lost.length}`,
    ...saves.lost
      .slice(0, 5)
      .map(
        (lost) =>
          `    plan ${lost.planId}: expected "${lost.expected}", stored "${lost.stored}" (version ${lost.version})`,
      ),
    "",
    "Across processes:",
    ...checkResults.map(
      (result) =>
        `  ${result.passed === null ? "INFO" : result.passed ? "PASS" : "FAIL"}  ${result.name}: ${result.detail}`,
    ),
  ];
  console.log(lines.join("\n"));
  if (outside.length > 0) {
    console.log("\nFailures outside the kills (first 10), seconds from the start:");
    for (const failure of outside.slice(0, 10)) {
      console.log(
        `  ${((failure.start - loadStart) / 1000).toFixed(2)}–${((failure.end - loadStart) / 1000).toFixed(2)} s  ${failure.kind}  ${failure.status || failure.error}`,
      );
    }
  }

  const verdicts = [
    saves.lost.length === 0 ? null : `${saves.lost.length} saves lost`,
    outside.length === 0 ? null : `${outside.length} failures outside the kills`,
    checkResults.some((result) => result.passed === false) ? "a check across processes failed" : null,
  ].filter(Boolean);
  console.log(verdicts.length === 0 ? "\nRESULT: PASS" : `\nRESULT: FAIL (${verdicts.join("; ")})`);
  if (verdicts.length > 0) exitCode = 1;
} catch (error) {
  console.error(`The load run could not finish: ${error instanceof Error ? error.stack : String(error)}`);
  console.error(`Logs: ${cluster.folder}`);
  process.env.LOAD_KEEP_FILES ??= "1";
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
