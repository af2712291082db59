import type { DeathNotification, DeathNotificationResponse } from "@kindred/contracts";
import { messages, moneyHeld, ukToday, whenTheTimeComes } from "@kindred/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { atNeedCaseEvents, atNeedCases } from "../../db/schema";
import type { PlanOptionsService } from "../catalogue";
import type { Mailer } from "../email";
import { applyMoneyEvent, planBoughtAt, planMoneyOf, selectPlanMoneyRows } from "../payments";
import type { PlansService } from "../plans";
import { atNeedQueue, type AtNeedJob } from "./at-need-jobs";
import { matchingPlan, namedPersonOf, storedPeople, toldByTheNamedPerson } from "./matching";

/**
 * Telling us of a death (issue 23 item 4; docs/decisions/028-telling-us-of-a-death.md). Anyone
 * may tell us; the answer, and the email to whoever told us, are the same whether or not a plan
 * matched. A match opens the plan's case (or adds to it, told again), requests the funeral
 * through the plan's money (collections and payments to come stop, in the same transaction), and
 * queues the instruction to the appointed branch and the email to the person named on the plan.
 * No match opens an unmatched case for staff.
 */
export interface AtNeedService {
  notifyDeath(notification: DeathNotification, fromAddress: string): Promise<DeathNotificationResponse>;
}

export function createAtNeedService({
  db,
  jobQueue,
  mailer,
  plans,
  planOptions,
  now = () => new Date(),
}: {
  db: Database;
  jobQueue: JobQueue;
  mailer: Mailer;
  plans: PlansService;
  planOptions: PlanOptionsService;
  now?: () => Date;
}): AtNeedService {
  return {
    async notifyDeath(notification, fromAddress) {
      // Everything read through `db` is read before the transaction: inside one, PGlite's one
      // connection is the transaction's.
      const match = await matchingPlan(db, notification);
      const priced = match && (await plans.getPlan(match.userId, match.planId));
      const people = match && (await storedPeople(db, match.planId));
      const { moratoriumMonths } = (await planOptions.getPlanOptions()).paymentTerms;
      const at = now();
      const { informant, person } = notification;

      return db.transaction(async (transaction) => {
        const opened = async (
          planId: string | null,
          atDeath: (typeof atNeedCases.$inferInsert)["atDeath"],
        ) => {
          const [created] = await transaction
            .insert(atNeedCases)
            .values({
              planId,
              status: planId ? "funeral_requested" : "unmatched",
              notification,
              atDeath,
              createdAt: at,
            })
            .returning({ id: atNeedCases.id });
          return created!.id;
        };
        const record = async (caseId: string, kind: "opened" | "told_again") => {
          const [event] = await transaction
            .insert(atNeedCaseEvents)
            .values({ caseId, kind, by: "informant", fromAddress, at })
            .returning({ id: atNeedCaseEvents.id });
          // Each telling has its own reference, so it says nothing of any telling before it.
          return event!.id;
        };

        let reference: string;
        let tellsTheNamedPerson = false;
        const rows = match && (await selectPlanMoneyRows(transaction, match.planId, { lock: true }));
        const boughtAt = rows && planBoughtAt(rows);
        const diedOn = notification.dateOfDeath.iso8601;
        if (match && priced && rows && boughtAt && !rows.plan.cancelledAt && diedOn >= ukToday(boughtAt)) {
          const [existing] = await transaction
            .select({ id: atNeedCases.id })
            .from(atNeedCases)
            .where(eq(atNeedCases.planId, match.planId));
          if (existing) {
            reference = await record(existing.id, "told_again");
          } else {
            const atDeath = whenTheTimeComes(
              {
                contractDate: ukToday(boughtAt),
                choice: rows.plan.paymentChoice!,
                planPrice: priced.price.total,
                paid: moneyHeld(planMoneyOf(rows)),
                moratoriumMonths,
              },
              { date: diedOn, accidental: notification.accidental === "yes" },
            );
            const caseId = await opened(match.planId, { ...atDeath, moratoriumMonths });
            reference = await record(caseId, "opened");
            await applyMoneyEvent(
              transaction,
              jobQueue,
              match.planId,
              { cause: "informant", type: "funeral_requested" },
              { now: at },
            );
            for (const email of ["funeral-instruction", "death-notified"] as const) {
              await jobQueue.sendWithin(transaction, atNeedQueue, { caseId, email } satisfies AtNeedJob);
            }
            const named = people && namedPersonOf(people);
            tellsTheNamedPerson = toldByTheNamedPerson(named ?? null, informant.email);
          }
        } else {
          reference = await record(await opened(null, null), "opened");
        }

        // Whoever told us hears the same words, matched or not; the person named on the plan,
        // when it is they who told us, has their own email with all of it instead.
        if (!tellsTheNamedPerson) {
          await mailer.queue(
            {
              kind: "death-notification-received",
              to: { name: `${informant.firstName} ${informant.lastName}`, address: informant.email },
              firstName: informant.firstName,
              personName: `${person.firstName} ${person.lastName}`,
              reference,
              phone: informant.phone,
            },
            transaction,
          );
        }
        return { message: messages.deathNotificationReceived, reference };
      });
    },
  };
}
