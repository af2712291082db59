// Emails wait in a queue in the database (pg-boss) and are sent in the background, with retries.
// These run on PGlite by default and on PostgreSQL in CI's PostgreSQL stage: the queue's own
// tables, its connections and two apps on one database are the engine's business.
// @module-tag engine
import { customerGuestDetails } from "./support/people";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiUrlOfLink, callApi, linkIn, registrationDetails, signIn } from "./support/customers";
import { startFakeSmtpServer, type FakeSmtpServer } from "./support/fake-smtp-server";
import { parseEml } from "./support/outbox";
import {
  createSharedTestDatabase,
  createTestApp,
  type SharedTestDatabase,
  type TestApp,
} from "./support/test-app";

/** Retries a second apart, so a test sees several tries without waiting minutes. */
const quickRetries = { EMAIL_RETRY_DELAY_SECONDS: 1, EMAIL_RETRY_DELAY_MAX_SECONDS: 1 };

interface JobRow {
  id: string;
  state: string;
  data: unknown;
}

/** The queue's rows for one queue, as they are stored. */
async function storedJobs(testApp: TestApp, queue: string): Promise<JobRow[]> {
  const result = (await testApp.db.execute(
    sql`select id, state, data from pgboss.job where name = ${queue} order by created_on`,
  )) as unknown as { rows: JobRow[] };
  return result.rows;
}

/** Runs statements one at a time (PGlite takes one statement per query). */
async function runSql(testApp: TestApp, ...statements: string[]): Promise<void> {
  for (const statement of statements) await testApp.db.execute(sql.raw(statement));
}

/** A trigger that refuses every row written to `table` with a check violation, as a constraint would. */
async function refuseWritesTo(testApp: TestApp, table: string, event: string): Promise<() => Promise<void>> {
  await runSql(
    testApp,
    `create function refuse_write() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test' using errcode = 'check_violation'; end $$`,
    `create trigger refuse_write before ${event} on ${table} for each row execute function refuse_write()`,
  );
  return () => runSql(testApp, `drop trigger refuse_write on ${table}`, "drop function refuse_write()");
}

/** The log lines with this message, parsed. */
function logLines(testApp: TestApp, message: string): Record<string, unknown>[] {
  return testApp.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === message);
}

/** Log text holds none of what identifies the person or opens their account. */
function expectNothingPersonalIn(
  written: string,
  details: { email: string; firstName: string },
  link: string,
) {
  const query = new URL(link).searchParams;
  expect(written).not.toContain(details.email);
  expect(written).not.toContain(details.firstName);
  expect(written).not.toContain(query.get("token"));
  if (query.has("signature")) expect(written).not.toContain(query.get("signature"));
}

describe("an email the mail server refuses at first", () => {
  let smtp: FakeSmtpServer;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    testApp = await createTestApp({ SMTP_URL: smtp.url, EMAIL_RETRY_LIMIT: 3, ...quickRetries });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it("is sent once a later try gets through, and the account's answer never waited for it", async () => {
    smtp.refuseNext(2);
    const token = await testApp.requestApplicationToken();
    const details = registrationDetails();

    const response = await callApi(testApp, token, "POST", "/api/account/register", details);
    expect(response.statusCode).toBe(202);
    // The registration's email is worked out by its own job first, then sent.
    await testApp.app.accountEmailRequests.idle();
    await testApp.app.mailer.idle();

    expect(smtp.attempts).toBe(3);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual([details.email]);
    const message = parseEml("smtp", smtp.received[0]?.data ?? "");
    expect(message.subject).toBe("Please confirm your email address");
    const link = linkIn(message.text, "http://localhost:3000/account/confirm-email?");
    expect((await callApi(testApp, token, "GET", apiUrlOfLink(link))).statusCode).toBe(200);

    const retries = logLines(testApp, "email could not be sent; it will be tried again");
    const sent = logLines(testApp, "email sent");
    expect(retries.map(({ attempt, reason }) => ({ attempt, reason }))).toEqual([
      { attempt: 1, reason: "EENVELOPE RCPT 450" },
      { attempt: 2, reason: "EENVELOPE RCPT 450" },
    ]);
    expect(sent.map(({ attempt, subject }) => ({ attempt, subject }))).toEqual([
      { attempt: 3, subject: "Please confirm your email address" },
    ]);
    expect(new Set([...retries, ...sent].map((line) => line.jobId)).size).toBe(1);
    expectNothingPersonalIn(testApp.logs.join("\n"), details, link);
  });

  it("is kept as undelivered after its last try, sealed, and the logs say it was given up", async () => {
    smtp.refuseNext(4);
    const receivedBefore = smtp.received.length;
    const attemptsBefore = smtp.attempts;
    const token = await testApp.requestApplicationToken();
    const details = registrationDetails();

    const response = await callApi(testApp, token, "POST", "/api/account/register", details);
    expect(response.statusCode).toBe(202);
    // The registration's email is worked out by its own job first, then sent.
    await testApp.app.accountEmailRequests.idle();
    await testApp.app.mailer.idle();

    expect(smtp.attempts - attemptsBefore).toBe(4);
    expect(smtp.received).toHaveLength(receivedBefore);
    const givenUp = logLines(testApp, "email could not be sent after every try; kept as undelivered");
    expect(givenUp.map(({ attempt, subject }) => ({ attempt, subject }))).toEqual([
      { attempt: 4, subject: "Please confirm your email address" },
    ]);
    const undelivered = await storedJobs(testApp, "email-undelivered");
    expect(undelivered).toHaveLength(1);
    expect(undelivered[0]?.state).toBe("created");
    expect(undelivered[0]?.data).toMatchObject({ kind: "confirm-email", sealed: expect.any(String) });
    const stored = JSON.stringify(undelivered[0]?.data);
    expect(stored).not.toContain(details.email);
    expect(stored).not.toContain(details.firstName);
    expect(stored).not.toContain("confirm-email?");
    expect(testApp.logs.join("\n")).not.toContain(details.email);
  });
});

describe("an email queued by an app that stops before sending it", () => {
  let smtp: FakeSmtpServer;
  let database: SharedTestDatabase;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    database = await createSharedTestDatabase();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    await database.drop();
    await smtp.close();
  });

  it("is sent by the next app on the same database, once", async () => {
    smtp.refuseNext(Number.POSITIVE_INFINITY);
    const first = await createTestApp(
      { SMTP_URL: smtp.url, EMAIL_RETRY_LIMIT: 5, ...quickRetries },
      { database },
    );
    apps.push(first);
    const token = await first.requestApplicationToken();
    const details = registrationDetails();
    expect((await callApi(first, token, "POST", "/api/account/register", details)).statusCode).toBe(202);
    await expect.poll(() => smtp.attempts, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await first.close();
    apps.splice(0);
    const attemptsWhileFirstRan = smtp.attempts;

    // The next app writes to its outbox (no SMTP_URL).
    const next = await createTestApp(quickRetries, { database });
    apps.push(next);
    const sent = await next.readOutbox();

    expect(sent.map((message) => ({ to: message.to, subject: message.subject }))).toEqual([
      { to: details.email, subject: "Please confirm your email address" },
    ]);
    expect(smtp.attempts).toBe(attemptsWhileFirstRan);
    expect(smtp.received).toEqual([]);
    const link = linkIn(sent[0]?.text ?? "", "http://localhost:3000/account/confirm-email?");
    const nextToken = await next.requestApplicationToken();
    expect((await callApi(next, nextToken, "GET", apiUrlOfLink(link))).statusCode).toBe(200);
    expect((await storedJobs(next, "email")).map((job) => job.state)).toEqual(["completed"]);
    expectNothingPersonalIn([...first.logs, ...next.logs].join("\n"), details, link);
  });

  it("is not sent again when the app closed while sending it: closing waits for it", async () => {
    smtp.refuseNext(0);
    const first = await createTestApp({ SMTP_URL: smtp.url, ...quickRetries }, { database });
    apps.push(first);
    const held = smtp.holdNext();
    const token = await first.requestApplicationToken();
    const details = registrationDetails();
    expect((await callApi(first, token, "POST", "/api/account/register", details)).statusCode).toBe(202);
    await held.arrived;

    // While it is being sent, the queue holds it sealed.
    const inFlight = (await storedJobs(first, "email")).filter((job) => job.state === "active");
    expect(inFlight).toHaveLength(1);
    expect(JSON.stringify(inFlight[0]?.data)).not.toContain(details.email);
    const closing = first.close();
    apps.splice(0);
    // Once the app is closing (so no email can be waited for any more), the server answers.
    await expect(first.app.mailer.idle()).rejects.toThrow(/closing/);
    held.release();
    await closing;

    expect(smtp.received.map((mail) => mail.to)).toEqual([[details.email]]);
    const next = await createTestApp(quickRetries, { database });
    apps.push(next);
    expect(await next.readOutbox()).toEqual([]);
    expect(smtp.received).toHaveLength(1);
    const states = (await storedJobs(next, "email")).map((job) => job.state);
    expect(states.filter((state) => state !== "completed")).toEqual([]);
  });
});

describe("a registration that fails", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("queues no email when the account cannot be made after its email was queued", async () => {
    const guestToken = await testApp.requestApplicationToken();
    const plan = await callApi(testApp, guestToken, "POST", "/api/guest/plan", {});
    const planId = plan.json<{ id: string }>().id;
    const details = customerGuestDetails();
    // The plan's move to the new account, the transaction's last step, is refused.
    const allowAgain = await refuseWritesTo(testApp, "plans", "update of user_id");
    let refused;
    try {
      refused = await callApi(testApp, guestToken, "POST", `/api/plan/${planId}/customer-guest`, details);
    } finally {
      await allowAgain();
    }

    expect(refused.statusCode).toBe(500);
    expect(await storedJobs(testApp, "email")).toEqual([]);
    expect(await testApp.readOutbox()).toEqual([]);
    // Nothing of the account was kept: the same registration now succeeds, with one email.
    const retried = await callApi(testApp, guestToken, "POST", `/api/plan/${planId}/customer-guest`, details);
    expect(retried.statusCode).toBe(202);
    expect((await testApp.readOutbox()).map((message) => message.to)).toEqual([details.customer.email]);
  });

  it("makes no account when its confirmation email cannot be queued", async () => {
    const token = await testApp.requestApplicationToken();
    const details = registrationDetails();
    const sentBefore = (await testApp.readOutbox()).length;
    // The queue's table takes no job.
    const allowAgain = await refuseWritesTo(testApp, "pgboss.job_common", "insert");
    let refused;
    try {
      refused = await callApi(testApp, token, "POST", "/api/account/register", details);
    } finally {
      await allowAgain();
    }

    expect(refused.statusCode).toBe(500);
    await expect(signIn(testApp, details.email, details.password)).rejects.toThrow(/Sign-in failed/);
    expect(await testApp.readOutbox()).toHaveLength(sentBefore);
    expect((await callApi(testApp, token, "POST", "/api/account/register", details)).statusCode).toBe(202);
    expect((await testApp.readOutbox()).map((message) => message.to).slice(sentBefore)).toEqual([
      details.email,
    ]);
  });
});

describe("emails queued together", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("are sent one straight after another, not one a second as the queue's poll would", async () => {
    // Five at once (a death told to us emails everyone on the plan). The worker takes one email
    // at a time; it must look again as soon as it has sent one, not at its next poll a second on.
    const recipients = Array.from({ length: 5 }, (_, index) => `together-${index}@example.com`);
    await testApp.db.transaction(async (transaction) => {
      for (const to of recipients) {
        await testApp.app.mailer.queue(
          {
            kind: "password-changed",
            to: { name: "Margaret Thompson", address: to },
            firstName: "Margaret",
            changedAt: new Date(),
          },
          transaction,
        );
      }
    });
    const outbox = await testApp.readOutbox();
    expect(
      outbox
        .map((message) => message.to)
        .filter((to) => recipients.includes(to))
        .sort(),
    ).toEqual([...recipients].sort());
    const result = (await testApp.db.execute(
      sql`select started_on, completed_on from pgboss.job where name = 'email' and data->>'kind' = 'password-changed' order by started_on`,
    )) as unknown as { rows: { started_on: string; completed_on: string }[] };
    expect(result.rows).toHaveLength(5);
    const started = result.rows.map((row) => new Date(row.started_on).getTime());
    // At a poll a second, the fifth would start about four seconds after the first; sent one
    // after another, well within one second even on a busy machine.
    expect(started.at(-1)! - started[0]!).toBeLessThan(2_000);
  });
});
