// `npm run load:payments`: kill -9 while customers pay (issue 22 item 6). Two API processes on one
// real PostgreSQL (scripts/with-postgres.sh starts it), reached directly as a load balancer would
// reach them (balancer.ts). N plans are brought to ready-to-pay, then each is paid for by a random
// script of what customers do (payer.ts) while one API process or the other is killed with
// `kill -9` every few seconds and started again. Then the queues are left to settle, and every
// plan's books are compared: the provider's (the sandbox's own tables) against what the API tells
// the customer, with the emails each customer got (money-ledger.ts). Last, the time from a kill to
// a plan being paid: both processes killed just after the card was taken (at once, or once a
// process has taken the webhook's job), so the webhook on its way is lost, and started again at
// once. docs/load-run.md says how to read it.
//
// Settings (environment): PAYMENTS_KILL_PLANS (30), PAYMENTS_KILL_EVERY_SECONDS (4),
// PAYMENTS_KILL_RESTART_MS (1000), PAYMENTS_KILL_TRIALS (5), PAYMENTS_KILL_AT_ONCE (4: plans
// paying at the same time), PAYMENTS_KILL_BASE_PORT (8790: the APIs there and on the next port),
// LOAD_KEEP_FILES (set: keep the logs folder).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { planPaymentsSchema } from "@kindred/contracts";
import { emailQueue } from "../../apps/api/src/modules/email/mailer";
import { planMoneyQueue } from "../../apps/api/src/modules/payments/plan-money-store";
import { sandboxWebhookQueue } from "../../apps/api/src/modules/payments/sandbox/sandbox-provider";
import { sandboxCards } from "../../apps/api/src/modules/payments/sandbox/test-instruments";
import { buildIfNeeded } from "../build-if-needed.mjs";
import { Balancer, WritesInFlight, type InDoubt } from "./balancer";
import { apiServiceSpec, Service } from "./cluster";
import { Recorder, type Outcome } from "./http";
import { ledgerTable, ledgerTotals, readLedger, unsettled, type LedgerEntry } from "./money-ledger";
import { describeScript, pay, Payer, randomScript, type PayerContext, type PlanRun } from "./payer";
import { readyContextFrom, readyPlan, type ReadyContext } from "./ready-plan";
import { inFlightAt, percentile, requestTable, statusBreakdown, table, type Kill } from "./report";
import { elapsed, inPool, setting, stoppedOnExit, wait } from "./support";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const planCount = setting("PAYMENTS_KILL_PLANS", 30);
const killEverySeconds = setting("PAYMENTS_KILL_EVERY_SECONDS", 4);
const restartMs = setting("PAYMENTS_KILL_RESTART_MS", 1000);
const trialCount = setting("PAYMENTS_KILL_TRIALS", 5);
const atOnce = Math.max(1, setting("PAYMENTS_KILL_AT_ONCE", 4));
const basePort = setting("PAYMENTS_KILL_BASE_PORT", 8790);
const ports = [basePort, basePort + 1] as const;
/** How long the queues are given to settle once the kills stop. */
const settleLimitMs = 180_000;
/** What a customer should wait, at most, from a kill to their plan being paid. */
const paidTargetMs = 10_000;
/** The queues the settling waits for: the money's, and the emails', since the emails are judged too. */
const settleQueues = [sandboxWebhookQueue, planMoneyQueue, emailQueue];

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Run it through `npm run load:payments`, which starts PostgreSQL and sets DATABASE_URL.");
  process.exit(1);
}

buildIfNeeded();

const folder = mkdtempSync(path.join(os.tmpdir(), "kindred-payments-"));
const outbox = path.join(folder, "outbox");
const apis = ports.map(
  (port, index) =>
    new Service(
      apiServiceSpec({
        root,
        databaseUrl,
        folder,
        index: index as 0 | 1,
        port,
        // No site runs: the links in emails are followed by their path, as the API's tests do.
        siteUrl: `http://127.0.0.1:${port}`,
      }),
      path.join(folder, `api-${index + 1}.log`),
    ),
) as [Service, Service];
const cleanUp = stoppedOnExit(
  {
    stop: async () => {
      await Promise.all(apis.map((api) => api.stop()));
    },
    killNow: () => apis.forEach((api) => api.killNow()),
  },
  () => {
    if (process.env.LOAD_KEEP_FILES) console.log(`Logs kept in ${folder}`);
    else rmSync(folder, { recursive: true, force: true });
  },
);

/** Every customer connects from an address of their own, so per-address limits see one person each. */
const planAddress = (index: number) => `127.4.${Math.floor(index / 200)}.${(index % 200) + 1}`;
const trialAddress = (index: number) => `127.5.${Math.floor(index / 200)}.${(index % 200) + 1}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `kill -9` of one process; answers when it is gone. */
async function crash(service: Service): Promise<Kill> {
  const at = performance.now();
  await service.crash();
  return { name: service.spec.name, at, diedAt: performance.now() };
}

/** How long a kill waits for a request that changes something to be in the process's hands. */
const catchWriteMs = 1000;

/** Waits until a write is in flight to the process (answers true), or `catchWriteMs` passes. */
async function writeInHand(writes: WritesInFlight, index: 0 | 1): Promise<boolean> {
  const until = performance.now() + catchWriteMs;
  while (writes.at[index] === 0 && performance.now() < until) await wait(2);
  return writes.at[index] > 0;
}

/**
 * The killer: every `killEverySeconds`, one API process at random is killed and started again
 * `restartMs` later, as a supervisor would; it is up again once it answers ready. A kill waits up
 * to a second for a request that changes something (a payment, a cancellation) to be in the
 * process's hands, as those are the moments that matter; most of a customer's time is a pause.
 * One is down at a time, so the other has the requests: a tick while the last one killed is still
 * starting passes (on a busy machine a start can take longer than the gap between kills), and is
 * counted.
 */
function startKilling(
  kills: (Kill & { caughtWrite: boolean })[],
  writes: WritesInFlight,
  since: number,
): { stop(): Promise<number> } {
  const up = new Set<Service>(apis);
  const restarts: Promise<void>[] = [];
  let passed = 0;
  let stopping = false;
  let wake = () => {};
  const stopped = new Promise<void>((resolve) => (wake = resolve));
  const restart = async (service: Service, kill: Kill) => {
    await wait(restartMs);
    await service.restart();
    kill.readyAt = performance.now();
    up.add(service);
    console.log(
      `  ${elapsed(since)} s: ${kill.name} ready again, ${seconds(kill.readyAt - kill.at)} after its kill`,
    );
  };
  const loop = (async () => {
    const start = performance.now();
    for (let tick = 1; ; tick += 1) {
      await Promise.race([
        wait(Math.max(0, start + tick * killEverySeconds * 1000 - performance.now())),
        stopped,
      ]);
      if (stopping) return;
      if (up.size < apis.length) {
        passed += 1;
        continue;
      }
      const index = Math.random() < 0.5 ? 0 : 1;
      const service = apis[index];
      up.delete(service);
      const caughtWrite = await writeInHand(writes, index);
      const pid = service.pid;
      const kill = { ...(await crash(service)), caughtWrite };
      kills.push(kill);
      console.log(
        `  ${elapsed(since)} s: kill -9 ${kill.name} (pid ${pid}${caughtWrite ? ", a write in flight to it" : ""}), ` +
          `gone ${(kill.diedAt - kill.at).toFixed(0)} ms after the signal`,
      );
      const restarted = restart(service, kill);
      // A failed restart ends the run when the killing stops, not as an unhandled rejection now.
      restarted.catch(() => {});
      restarts.push(restarted);
    }
  })();
  return {
    /** Stops killing; resolves once every process killed is up again, with the ticks that passed. */
    async stop() {
      stopping = true;
      wake();
      await loop;
      await Promise.all(restarts);
      return passed;
    },
  };
}

interface UnfinishedJob {
  name: string;
  state: string;
  retry_count: number;
  /** Seconds since the job was taken (null: not taken). */
  in_hand_for: number | null;
  /** How long a job may be in hand before pg-boss counts it as abandoned and tries it again. */
  expire_seconds: number;
}

async function unfinishedJobs(database: pg.Client): Promise<UnfinishedJob[]> {
  const { rows } = await database.query<UnfinishedJob>(
    `select name, state, retry_count, expire_seconds,
            extract(epoch from now() - started_on)::float as in_hand_for
       from pgboss.job where name = any($1) and state < 'completed'`,
    [settleQueues],
  );
  return rows;
}

const describeJob = (job: UnfinishedJob) =>
  `${job.name} ${job.state}` +
  (job.state === "active" && job.in_hand_for !== null
    ? ` for ${job.in_hand_for.toFixed(0)} s (abandoned after ${job.expire_seconds} s)`
    : "") +
  (job.retry_count ? `, tried ${job.retry_count + 1}×` : "");

/** Jobs of those queues given up for good (every retry failed), by queue. */
async function failedJobs(database: pg.Client): Promise<string> {
  const { rows } = await database.query<{ name: string; count: string }>(
    `select name, count(*) from pgboss.job where name = any($1) and state = 'failed' group by name`,
    [settleQueues],
  );
  return settleQueues
    .map((queue) => `${queue} ${rows.find((row) => row.name === queue)?.count ?? 0}`)
    .join(", ");
}

interface Settled {
  entries: LedgerEntry[];
  /** performance.now() when the queues were first found empty, and when nothing was unsettled. */
  queuesEmptyAt?: number;
  settledAt?: number;
  /** The plans not yet settled when the queues were first empty: left to reconciliation. */
  unsettledAtEmpty: LedgerEntry[];
  /** Jobs in hand of a killed process when the limit came, waited for until their expiry. */
  waitedForInHand: UnfinishedJob[];
  /** Jobs still unfinished at the end. */
  left: UnfinishedJob[];
}

/**
 * Both processes running, the queues are waited for (polled every second) until nothing is
 * unfinished, and the books until nothing is unsettled: what the queues could not settle (a
 * webhook lost for good, a refund whose answer never came) is left to reconciliation, which asks
 * the provider about anything unsettled for over a minute, every 30 s. At most `settleLimitMs`,
 * except for jobs a killed process had in hand: pg-boss gives one to another process only once
 * its queue's expiry has passed (5 minutes for an email), so those are waited for until then.
 */
async function settle(database: pg.Client, runs: PlanRun[]): Promise<Settled> {
  for (const api of apis) if (!api.running) await api.restart();
  const start = performance.now();
  const result: Settled = { entries: [], unsettledAtEmpty: [], waitedForInHand: [], left: [] };
  let ledgerReadAt = -Infinity;
  let until = start + settleLimitMs;
  for (;;) {
    result.left = await unfinishedJobs(database);
    const overdue = performance.now() > until;
    // The books are read every few seconds once the queues are empty: 30-odd requests a time.
    if (result.left.length === 0 && (performance.now() - ledgerReadAt >= 5000 || overdue)) {
      const first = result.queuesEmptyAt === undefined;
      result.queuesEmptyAt ??= performance.now();
      ledgerReadAt = performance.now();
      result.entries = await readLedger(database, runs, outbox);
      const open = result.entries.filter(unsettled);
      if (first) result.unsettledAtEmpty = open;
      if (open.length === 0) {
        result.settledAt = performance.now();
        return result;
      }
    }
    const inHand = result.left.filter((job) => job.state === "active" && job.in_hand_for !== null);
    if (overdue && result.waitedForInHand.length === 0 && inHand.length > 0) {
      // Their expiry, the supervision that notices it (every 2 s), a retry's delay and a poll.
      const expiry = Math.max(...inHand.map((job) => job.expire_seconds - job.in_hand_for!));
      until = performance.now() + (Math.max(0, expiry) + 30) * 1000;
      result.waitedForInHand = inHand;
      console.log(
        `  ${seconds(performance.now() - start)}: waiting ${seconds(until - performance.now())} more for jobs in hand of a killed process: ` +
          inHand.map(describeJob).join("; "),
      );
    } else if (overdue) {
      if (result.queuesEmptyAt === undefined) result.entries = await readLedger(database, runs, outbox);
      return result;
    }
    await wait(1000);
  }
}

/**
 * When a trial kills both processes: at once after the card page answered (the webhook is then
 * usually still queued, as workers on PostgreSQL look for jobs every second), or once a process
 * has taken the webhook's job (in hand: only its expiry gives it to another process).
 */
const killMoments = ["at once", "webhook in hand"] as const;
type KillMoment = (typeof killMoments)[number];

interface Trial {
  moment: KillMoment;
  /** The sandbox's webhook job for the payment at the kill: created (queued), active (in hand), completed. */
  webhookAtKill: string;
  firstReadyMs: number;
  bothReadyMs: number;
  /** From the kill to the API saying paid; undefined if it never did within the limit. */
  paidMs?: number;
  webhookRetries: number;
  /** From the kill to the webhook job's completion, by the database's clock. */
  deliveredMs?: number;
}

async function webhookJob(database: pg.Client, providerPaymentId: string) {
  const { rows } = await database.query<{ state: string; retry_count: number; completed_on: Date | null }>(
    `select state, retry_count, completed_on from pgboss.job
      where name = $1 and data->>'providerPaymentId' = $2 and data->>'status' = 'confirmed'`,
    [sandboxWebhookQueue, providerPaymentId],
  );
  return rows[0];
}

/** Looks every few milliseconds until a process has taken the webhook's job (or it is done). */
async function webhookTaken(database: pg.Client, providerPaymentId: string): Promise<void> {
  const givingUpAt = performance.now() + 10_000;
  while (performance.now() < givingUpAt) {
    const state = (await webhookJob(database, providerPaymentId))?.state;
    if (state && state !== "created") return;
    await wait(5);
  }
}

/**
 * One measurement of the time from a kill to paid: a fresh plan, a card payment for the whole
 * price, the good card entered on the sandbox's page, and `kill -9` of both processes (at once, or
 * with the webhook in hand), so the webhook on its way is lost; both started again at once. The
 * plan's payments are asked about every 200 ms (refused while both are down) until the API says
 * paid.
 */
async function measureKillToPaid(
  index: number,
  readyContext: ReadyContext,
  payerContext: PayerContext,
  database: pg.Client,
): Promise<Trial> {
  const moment = killMoments[index % killMoments.length]!;
  const api = new Balancer(ports, { localAddress: trialAddress(index), timeoutMs: 2000 });
  try {
    const plan = await readyPlan(api, readyContext);
    const run: PlanRun = {
      plan,
      script: { option: "full", declinedFirst: false, cancel: null, oldTab: false },
      api,
      steps: [],
      cancelAcknowledged: false,
    };
    const payer = new Payer(run, payerContext);
    await payer.choose();
    const payment = await payer.open();
    const providerPaymentId = payment.providerPaymentId!;
    const entered = await payer.enterCard(payment, sandboxCards.succeeds);
    if (entered !== "processing") throw new Error(`the good card answered ${entered}`);
    if (moment === "webhook in hand") await webhookTaken(database, providerPaymentId);

    const killedAt = performance.now();
    const killedAtClock = Date.now();
    await Promise.all(apis.map((service) => service.crash()));
    const readyAt = apis.map((service) => service.restart().then(() => performance.now()));
    const atKill = await webhookJob(database, providerPaymentId);

    let paidAt: number | undefined;
    while (paidAt === undefined && performance.now() - killedAt < settleLimitMs) {
      const answer = await api.once("trial: payments", "GET", (client) =>
        client.json("trial: payments", "GET", `/api/plan/${plan.planId}/payments`, plan.token),
      );
      if (answer.status === 200 && planPaymentsSchema.parse(JSON.parse(answer.body)).state === "paid") {
        paidAt = performance.now();
      } else await wait(200);
    }
    const ready = await Promise.all(readyAt);
    const after = await webhookJob(database, providerPaymentId);
    return {
      moment,
      webhookAtKill: atKill?.state ?? "none",
      firstReadyMs: Math.min(...ready) - killedAt,
      bothReadyMs: Math.max(...ready) - killedAt,
      ...(paidAt === undefined ? {} : { paidMs: paidAt - killedAt }),
      webhookRetries: after?.retry_count ?? 0,
      ...(after?.completed_on ? { deliveredMs: after.completed_on.getTime() - killedAtClock } : {}),
    };
  } finally {
    api.close();
  }
}

/** Requests in doubt, by call, how the first try ended and the answer that settled it. */
function inDoubtTable(doubts: InDoubt[], kills: Kill[]): string {
  const groups = new Map<string, { count: number; atKill: number }>();
  for (const doubt of doubts) {
    const key = `${doubt.kind} · ${doubt.first} → ${doubt.settledWith || "never answered"}`;
    const group = groups.get(key) ?? { count: 0, atKill: 0 };
    group.count += 1;
    const outcome: Outcome = { kind: doubt.kind, status: 0, start: doubt.start, end: doubt.end };
    if (inFlightAt(outcome, kills)) group.atKill += 1;
    groups.set(key, group);
  }
  if (groups.size === 0) return "  (none)";
  const rows = [["call · first try → answer when sent again", "count", "in flight at a kill"]];
  for (const [key, group] of [...groups].sort()) rows.push([key, String(group.count), String(group.atKill)]);
  return table(rows, (column) => column > 0)
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

function wrongPlanDetails(entry: LedgerEntry): string[] {
  const { run } = entry;
  return [
    `  plan ${run.plan.planId} (${describeScript(run.script)}; ${run.plan.email}):`,
    ...entry.wrong.map((reason) => `    WRONG: ${reason}`),
    ...run.steps.map((step) => `    ${step}`),
  ];
}

function trialLine(trial: Trial, index: number): string {
  return (
    `  trial ${index + 1} (killed ${trial.moment}): webhook job ${trial.webhookAtKill} at the kill; ` +
    `APIs ready ${seconds(trial.firstReadyMs)} and ${seconds(trial.bothReadyMs)} after it; ` +
    (trial.paidMs === undefined
      ? "NOT paid within the limit"
      : `paid ${seconds(trial.paidMs)} after it, ${seconds(trial.paidMs - trial.firstReadyMs)} after the first was ready`) +
    ` (webhook tried again ${trial.webhookRetries}×` +
    (trial.deliveredMs === undefined ? ")" : `, delivered ${seconds(trial.deliveredMs)} after the kill)`)
  );
}

/** Median and highest of some times, "never" for one that never came. */
function medianAndMax(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const shown = (ms: number) => (Number.isFinite(ms) ? seconds(ms) : "never");
  return sorted.length ? `median ${shown(percentile(sorted, 0.5))}, max ${shown(sorted.at(-1)!)}` : "-";
}

function trialSummary(trials: Trial[]): string[] {
  const paid = (of: Trial[]) => of.map((trial) => trial.paidMs ?? Infinity);
  const over = paid(trials).filter((ms) => ms > paidTargetMs).length;
  return [
    `  kill to paid: ${medianAndMax(paid(trials))}; ` +
      killMoments
        .map(
          (moment) => `${moment}: ${medianAndMax(paid(trials.filter((trial) => trial.moment === moment)))}`,
        )
        .join("; "),
    `  kill to the first API ready: ${medianAndMax(trials.map((trial) => trial.firstReadyMs))}; ` +
      `to both: ${medianAndMax(trials.map((trial) => trial.bothReadyMs))}; ` +
      `first ready to paid: ${medianAndMax(trials.map((trial) => (trial.paidMs ?? Infinity) - trial.firstReadyMs))}`,
    `  target, paid within ${seconds(paidTargetMs)} of the kill: ${over === 0 ? "met" : `${over} of ${trials.length} trials over`}`,
  ];
}

let exitCode = 0;
try {
  const startedAt = performance.now();
  console.log(`Starting 2 API processes on PostgreSQL (ports ${ports[0]} and ${ports[1]})…`);
  // The first migrates and seeds the database alone, then the second starts.
  for (const api of apis) await api.restart();
  console.log(`Ready in ${elapsed(startedAt)} s. Logs: ${folder}`);

  const recorder = new Recorder();
  const doubts: InDoubt[] = [];
  const writes = new WritesInFlight();
  const customer = (address: string) =>
    new Balancer(ports, { localAddress: address, recorder, inDoubt: doubts, writesInFlight: writes });
  const setup = customer("127.3.0.2");
  const readyContext = await readyContextFrom(setup, outbox);
  setup.close();
  const { depositChoices, terms } = readyContext.catalogue.paymentTerms;
  const payerContext: PayerContext = {
    deposit: depositChoices[0]!,
    months: terms[0]!.months,
    startedAt,
    followMs: 120_000,
  };

  console.log(`Bringing ${planCount} plans to ready-to-pay, ${atOnce} at a time…`);
  const runs = await inPool(
    Array.from({ length: planCount }, (_, index) => index),
    atOnce,
    async (index): Promise<PlanRun> => {
      const api = customer(planAddress(index));
      const plan = await readyPlan(api, readyContext);
      return { plan, script: randomScript(), api, steps: [], cancelAcknowledged: false };
    },
  );
  const loadBefore = os.loadavg()[0]!;
  const loadSamples: number[] = [];
  const sampling = setInterval(() => loadSamples.push(os.loadavg()[0]!), 5000);
  console.log(
    `Ready at ${elapsed(startedAt)} s. Paying, ${atOnce} at a time, with kill -9 every ${killEverySeconds} s…`,
  );

  const kills: (Kill & { caughtWrite: boolean })[] = [];
  const payStart = performance.now();
  const killing = startKilling(kills, writes, startedAt);
  await inPool(runs, atOnce, async (run) => {
    await pay(run, payerContext);
    console.log(
      `  ${elapsed(startedAt)} s: plan ${run.plan.planId.slice(0, 8)} (${describeScript(run.script)}) ` +
        (run.stopped ? `stopped: ${run.stopped}` : "done"),
    );
  });
  const payEnd = performance.now();
  const ticksPassed = await killing.stop();
  clearInterval(sampling);
  const lastKill = kills.at(-1);

  console.log(
    `Paying done at ${elapsed(startedAt)} s; no more kills. Settling (up to ${seconds(settleLimitMs)})…`,
  );
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const settleStart = performance.now();
  const settled = await settle(database, runs);
  const failed = await failedJobs(database);
  const { entries } = settled;
  const wrong = entries.filter((entry) => entry.wrong.length > 0);
  const sinceLastKill = (at: number) =>
    lastKill ? `, ${seconds(at - lastKill.at)} after the last kill` : "";

  const stopped = runs.filter((run) => run.stopped);
  const readyTimes = kills.filter((kill) => kill.readyAt).map((kill) => kill.readyAt! - kill.at);
  const outcomes = recorder.outcomes.filter((outcome) => outcome.start >= payStart && outcome.start < payEnd);
  const lines = [
    "",
    `PAYMENTS KILL RUN: ${planCount} plans, ${atOnce} paying at a time, 2 API → PostgreSQL, ` +
      `kill -9 every ${killEverySeconds} s, restart after ${restartMs} ms, Node ${process.version}`,
    `Machine: ${os.cpus().length} cores, load average ${loadBefore.toFixed(2)} before paying, ` +
      `${Math.max(...loadSamples, loadBefore).toFixed(2)} highest while paying (shared with other work)`,
    `Paying: ${seconds(payEnd - payStart)}; ${kills.length} kills (` +
      `${apis.map((api) => `${api.spec.name} ×${kills.filter((kill) => kill.name === api.spec.name).length}`).join(", ")}` +
      `), each ready again ${readyTimes.length ? `${seconds(Math.min(...readyTimes))}–${seconds(Math.max(...readyTimes))}` : "-"} after its kill, ` +
      `${kills.filter((kill) => kill.caughtWrite).length} with a write in flight to the process, ` +
      `${ticksPassed} ticks passed with a restart still under way; ` +
      `scripts stopped before their end: ${stopped.length}`,
    ...stopped.map(
      (run) => `  plan ${run.plan.planId.slice(0, 8)} (${describeScript(run.script)}): ${run.stopped}`,
    ),
    "",
    `Requests while paying (${outcomes.length}; each to an API process at random, the other if refused):`,
    requestTable(outcomes),
    "",
    "Answers other than 2xx/3xx:",
    statusBreakdown(outcomes, kills),
    "",
    `In doubt (sent, no answer or 5xx; sent again to the other process, same Idempotency-Key): ${doubts.length}`,
    inDoubtTable(doubts, kills),
    "",
    "Settling:",
    settled.queuesEmptyAt
      ? `  queues (${settleQueues.join(", ")}) empty ${seconds(settled.queuesEmptyAt - settleStart)} after the kills stopped${sinceLastKill(settled.queuesEmptyAt)}`
      : `  queues STILL NOT EMPTY at the end: ${settled.left.map(describeJob).join("; ")}`,
    ...(settled.waitedForInHand.length
      ? [
          `  waited past ${seconds(settleLimitMs)} for jobs in hand of a killed process: ` +
            settled.waitedForInHand.map(describeJob).join("; "),
        ]
      : []),
    `  plans unsettled then (left to reconciliation): ${settled.unsettledAtEmpty.length}` +
      (settled.unsettledAtEmpty.length
        ? ` (${settled.unsettledAtEmpty.map((entry) => entry.run.plan.planId.slice(0, 8)).join(", ")})`
        : ""),
    settled.settledAt
      ? `  everything settled ${seconds(settled.settledAt - settleStart)} after the kills stopped${sinceLastKill(settled.settledAt)}`
      : `  NOT everything settled within ${seconds(settleLimitMs)}`,
    `  jobs given up for good: ${failed}`,
    "",
    "Ledger (the provider's books: taken, refunded, held; the API's: held, refund owed; emails confirmed/cancelled):",
    ledgerTable(entries),
    "",
    ledgerTotals(entries),
    ...wrong.flatMap(wrongPlanDetails),
  ];
  console.log(lines.join("\n"));

  if (trialCount > 0) {
    console.log(`\nKill to paid: ${trialCount} trials (kill -9 of both APIs just after the card was taken)…`);
    const trials: Trial[] = [];
    for (let index = 0; index < trialCount; index += 1) {
      trials.push(await measureKillToPaid(index, readyContext, payerContext, database));
      console.log(trialLine(trials[index]!, index));
    }
    console.log(
      ["", `Kill to paid (${trialCount} trials):`, ...trials.map(trialLine), ...trialSummary(trials)].join(
        "\n",
      ),
    );
  }
  await database.end();
  for (const run of runs) run.api.close();

  console.log(wrong.length === 0 ? "\nRESULT: PASS" : `\nRESULT: FAIL (${wrong.length} plans wrong)`);
  if (wrong.length > 0) exitCode = 1;
} catch (error) {
  console.error(
    `The payments kill run could not finish: ${error instanceof Error ? error.stack : String(error)}`,
  );
  console.error(`Logs: ${folder}`);
  process.env.LOAD_KEEP_FILES ??= "1";
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
