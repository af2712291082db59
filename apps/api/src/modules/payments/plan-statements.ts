import type { PlanDocumentQuery } from "@kindred/contracts";
import { monthsAfter, personName, ukToday } from "@kindred/domain";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Job } from "pg-boss";
import { z } from "zod";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { planStatements, plans as planTable } from "../../db/schema";
import type { TokenHolder } from "../auth";
import type { DocumentsService, RenderedDocument } from "../documents";
import type { Mailer } from "../email";
import { noSuchPlan, type PlansService } from "../plans";
import { planOwner, type PaymentState } from "./payment-state";
import { selectPlanMoneyRows } from "./plan-money-store";
import { planStatementDocument, type PlanStatementFacts } from "./plan-statement";

/**
 * A plan's statement (issue 23 item 5; docs/decisions/029-plan-statements.md): a PDF its customer
 * downloads at any time, and one emailed on every anniversary of the plan's contract date. Every
 * API process looks for anniversaries that have come (`sendAnniversaryStatements`); the statement
 * for one plan's anniversary is queued once however many look, because its row in
 * `plan_statements` (keyed by the plan and the anniversary) is inserted `on conflict do nothing`
 * in the transaction that queues it, and only the transaction that inserted it queues anything.
 */

/** The parts of the representative's name a statement prints, checked rather than assumed. */
const nomineeNameSchema = z.object({
  title: z.string().catch(""),
  titleText: z.string().catch(""),
  firstName: z.string(),
  lastName: z.string(),
});

/** The queue of anniversary statements to write and email (the PDF takes a moment). */
const planStatementQueue = "plan-statement";

/** How often each API process looks for anniversaries that have come. */
const lookEverySeconds = 60 * 60;

/**
 * An anniversary no process saw on the day (every one of them down) is still sent this many days
 * later; one older than that is left, as a statement so late would be more puzzling than useful.
 */
const catchUpDays = 14;

interface PlanStatementJob {
  planId: string;
  /** The anniversary, an ISO date. */
  anniversaryOn: string;
  /** How many years the plan had been in place on it. */
  years: number;
}

/** The most recent anniversary of `boughtOn` on or before `today` (a year on at least), with its count. */
function latestAnniversary(boughtOn: string, today: string): { on: string; years: number } | null {
  let years = Number(today.slice(0, 4)) - Number(boughtOn.slice(0, 4));
  // The domain's months: 29 February's anniversary is 28 February in a year with no 29th.
  while (years >= 1 && monthsAfter(boughtOn, 12 * years) > today) years -= 1;
  return years >= 1 ? { on: monthsAfter(boughtOn, 12 * years), years } : null;
}

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export interface PlanStatements {
  /** The statement of one of the holder's plans as it stands today, as a PDF (404 for anyone else's). */
  statementPdf(
    holder: TokenHolder,
    planId: string,
    print: PlanDocumentQuery["print"],
  ): Promise<RenderedDocument>;
  /**
   * Queues the statement email of every plan whose anniversary has come (by `now`, within the
   * catch-up days) and has not been queued yet, by this process or any other; answers how many
   * this call queued.
   */
  sendAnniversaryStatements(now?: Date): Promise<number>;
  /** Resolves once every anniversary statement queued so far is written and queued as an email. */
  idle(): Promise<void>;
}

export async function startPlanStatements({
  db,
  jobQueue,
  mailer,
  plans,
  documents,
  state,
  log,
  now = () => new Date(),
}: {
  db: Database;
  jobQueue: JobQueue;
  mailer: Mailer;
  plans: PlansService;
  documents: DocumentsService;
  state: PaymentState;
  log: FastifyBaseLogger;
  now?: () => Date;
}): Promise<PlanStatements> {
  /** What the statement is written from: the account's own answer, and the representative named. */
  async function factsOf(holder: TokenHolder, planId: string): Promise<PlanStatementFacts> {
    const payments = await state.planPayments(holder, planId);
    // Read after `planPayments`, which has answered 404 to anyone but the owner.
    const rows = await selectPlanMoneyRows(db, planId);
    const { nominee } = await plans.getPeople(holder.userId, planId);
    if (!rows) throw noSuchPlan();
    const requestedAt = rows.plan.funeralRequestedAt;
    return {
      planReference: rows.plan.reference,
      payments,
      funeralRequestedOn: requestedAt ? ukToday(requestedAt) : null,
      representative: nominee ? personName(nomineeNameSchema.parse(nominee)) : null,
      today: ukToday(now()),
    };
  }

  async function statementPdf(holder: TokenHolder, planId: string, print: PlanDocumentQuery["print"]) {
    const facts = await factsOf(holder, planId);
    return documents.planWrittenDocumentPdf(holder.userId, planId, planStatementDocument(facts), print);
  }

  async function sendAnniversaryStatements(at: Date = now()): Promise<number> {
    const today = ukToday(at);
    // Bought plans that still stand, with their contract date (when the first payment that made
    // them paid was confirmed, or a Direct Debit alone was set up, as `planPayments` has it), that
    // are a year old or more and have had no statement queued within the catch-up days.
    const { rows } = (await db.execute(sql`
      with bought as (
        select p.id as plan_id,
          (coalesce(
            (select min(coalesce(pay.completed_at, pay.updated_at)) from payments pay
              where pay.plan_id = p.id and pay.wanted and pay.status = 'confirmed'),
            (select min(m.created_at) from mandates m
              where m.plan_id = p.id and m.wanted and m.status in ('pending_submission', 'active'))
          ) at time zone 'Europe/London')::date as bought_on
        from plans p
        where p.cancelled_at is null and p.funeral_requested_at is null
      )
      select plan_id, to_char(bought_on, 'YYYY-MM-DD') as bought_on from bought
      where bought_on <= ${today}::date - interval '1 year'
        and not exists (
          select 1 from plan_statements s
          where s.plan_id = bought.plan_id and s.anniversary_on > ${today}::date - ${catchUpDays}::int
        )
    `)) as unknown as { rows: { plan_id: string; bought_on: string }[] };
    let queued = 0;
    for (const { plan_id: planId, bought_on: boughtOn } of rows) {
      const anniversary = latestAnniversary(boughtOn, today);
      if (!anniversary || daysBetween(anniversary.on, today) > catchUpDays) continue;
      const job: PlanStatementJob = { planId, anniversaryOn: anniversary.on, years: anniversary.years };
      // The row and the job commit together; a process that finds the row already there (another
      // process's, committed or about to be) queues nothing.
      const mine = await db.transaction(async (transaction) => {
        const [inserted] = await transaction
          .insert(planStatements)
          .values({ planId, anniversaryOn: anniversary.on })
          .onConflictDoNothing()
          .returning({ planId: planStatements.planId });
        if (!inserted) return false;
        await jobQueue.sendWithin(transaction, planStatementQueue, job);
        return true;
      });
      if (mine) queued += 1;
    }
    return queued;
  }

  /**
   * The anniversary email, written when its job runs: nothing for a plan cancelled, or whose
   * funeral was requested, since it was queued, nor for a plan with no customer to write to.
   */
  async function sendStatement({ planId, anniversaryOn, years }: PlanStatementJob): Promise<void> {
    const [plan] = await db
      .select({ userId: planTable.userId, reference: planTable.reference })
      .from(planTable)
      .where(eq(planTable.id, planId));
    if (!plan) return;
    const customer = (await plans.getPeople(plan.userId, planId)).customer;
    if (!customer) return;
    const facts = await factsOf(planOwner(plan.userId, "plan-statements"), planId);
    const { state: standing, whenTheTimeComes } = facts.payments;
    const closed = standing === "cancelled" || standing === "cancellation_pending_refund";
    if (closed || facts.funeralRequestedOn || !whenTheTimeComes) return;
    const statement = await documents.planWrittenDocumentPdf(
      plan.userId,
      planId,
      planStatementDocument(facts),
      undefined,
    );
    await db.transaction((transaction) =>
      mailer.queue(
        {
          kind: "plan-statement",
          to: { name: `${customer.firstName} ${customer.lastName}`, address: customer.email },
          firstName: customer.firstName,
          planReference: plan.reference,
          anniversaryOn,
          years,
          attachments: [
            {
              filename: statement.fileName,
              contentType: "application/pdf",
              contentBase64: statement.pdf.toString("base64"),
            },
          ],
        },
        transaction,
      ),
    );
  }

  const options = {
    retryLimit: 100,
    retryDelay: 60,
    retryBackoff: true,
    retryDelayMax: 60 * 60,
    notify: true,
  };
  await jobQueue.boss.createQueue(planStatementQueue, options);
  await jobQueue.boss.updateQueue(planStatementQueue, options);
  await jobQueue.work(planStatementQueue, { batchSize: 1 }, async (jobs: Job<PlanStatementJob>[]) => {
    for (const job of jobs) {
      try {
        await sendStatement(job.data);
      } catch (error) {
        // Only what the job is about: never the customer or the statement.
        log.warn(
          { jobId: job.id, planId: job.data.planId, reason: (error as Error).name },
          "an anniversary statement could not be written; it will be tried again",
        );
        throw error;
      }
    }
  });

  return {
    statementPdf,
    sendAnniversaryStatements,
    idle: () => jobQueue.idle(planStatementQueue),
  };
}

/**
 * Looks for anniversaries that have come every hour, in every API process, and a minute after it
 * starts; answers a function that stops it. Timers only decide when to look: the database decides
 * what is sent.
 */
export function sendAnniversaryStatementsEvery(
  statements: PlanStatements,
  log: FastifyBaseLogger,
): () => void {
  const look = () => {
    statements.sendAnniversaryStatements().catch((error: unknown) => {
      log.warn({ reason: (error as Error).name }, "could not look for plan anniversaries; will look again");
    });
  };
  const first = setTimeout(look, 60_000).unref();
  const every = setInterval(look, lookEverySeconds * 1000).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
