import {
  messages,
  moneyHeld,
  staffMessages,
  ukToday,
  whenTheTimeComes,
  type DeathConfirmation,
} from "@kindred/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { atNeedCaseEvents, atNeedCases, plans as plansTable } from "../../db/schema";
import { linkSignatureMatches, signLink, siteLink } from "../../links";
import { ViolationError } from "../../plugins/error-handler";
import type { PlanOptionsService } from "../catalogue";
import { applyMoneyEvent, planBoughtAt, planMoneyOf, selectPlanMoneyRows } from "../payments";
import type { PlansService } from "../plans";
import { atNeedQueue, type AtNeedJob } from "./at-need-queue";

/**
 * Confirming a reported death, and the links in the email that tells everyone on the plan of the
 * report (docs/decisions/040-a-death-is-confirmed-first.md). Only a confirmed death requests the
 * funeral: the plan's money stops (its one state machine, decision 023), and the appointed branch
 * is instructed and the person named on the plan told what the family pays, as decision 028 did
 * on the report itself.
 */

/** Who on the plan a link is for: everyone may say a report is not right; the nominee may confirm it. */
export const planPeopleRoles = ["customer", "payer", "nominee"] as const;
export type PlanPersonRole = (typeof planPeopleRoles)[number];

const confirmPurpose = "death-confirm.nominee";
const notRightPurpose = (who: PlanPersonRole) => `death-not-right.${who}`;

/** The two links of the email to `who` about a reported death: confirming is the nominee's alone. */
export function deathReportLinks(
  { siteUrl, linkSecret }: { siteUrl: string; linkSecret: string },
  caseId: string,
  who: PlanPersonRole,
) {
  return {
    notRightUrl: siteLink(siteUrl, "/notify-a-death/not-right", {
      case: caseId,
      who,
      signature: signLink(linkSecret, caseId, notRightPurpose(who)),
    }),
    confirmUrl:
      who === "nominee"
        ? siteLink(siteUrl, "/notify-a-death/confirm", {
            case: caseId,
            signature: signLink(linkSecret, caseId, confirmPurpose),
          })
        : null,
  };
}

export interface Confirmation {
  /** The member of staff's id, or `nominee` from the link in our email. */
  by: string;
  confirmedBy: DeathConfirmation;
  note: string | null;
}

const linkNotRight = () =>
  new ViolationError([{ propertyPath: "signature", title: messages.deathReportLinkNotRight }], 404);

export function createDeathConfirmation({
  db,
  jobQueue,
  plans,
  planOptions,
  linkSecret,
  now = () => new Date(),
}: {
  db: Database;
  jobQueue: JobQueue;
  plans: PlansService;
  planOptions: PlanOptionsService;
  linkSecret: string;
  now?: () => Date;
}) {
  /**
   * Requests the funeral for a reported death now confirmed: the case's row and the plan's locked,
   * what the family pays worked out from what is held now, the plan's money moved by its one state
   * machine, and the instruction and the named person's email queued, all in one transaction.
   * `alsoInTransaction` writes the caller's own record of it (staff's audit entry) in the same one.
   */
  async function confirmDeath(
    caseId: string,
    confirmation: Confirmation,
    alsoInTransaction: (transaction: Database, planId: string) => Promise<void> = async () => {},
  ): Promise<{ eventId: string; at: Date }> {
    // Read before the transaction: inside one, PGlite's one connection is the transaction's.
    const [found] = await db
      .select({ planId: atNeedCases.planId, userId: plansTable.userId })
      .from(atNeedCases)
      .innerJoin(plansTable, eq(plansTable.id, atNeedCases.planId))
      .where(eq(atNeedCases.id, caseId));
    if (!found?.planId)
      throw new ViolationError([{ propertyPath: "caseId", title: messages.deathReportLinkNotRight }], 404);
    const planId = found.planId;
    const priced = await plans.getPlan(found.userId, planId);
    const { moratoriumMonths } = (await planOptions.getPlanOptions()).paymentTerms;
    const at = now();

    return db.transaction(async (transaction) => {
      const [atNeed] = await transaction
        .select()
        .from(atNeedCases)
        .where(eq(atNeedCases.id, caseId))
        .for("update");
      if (atNeed?.status !== "reported")
        throw new ViolationError([{ propertyPath: "caseId", title: staffMessages.deathNotReported }], 409);
      const rows = await selectPlanMoneyRows(transaction, planId, { lock: true });
      const boughtAt = rows && planBoughtAt(rows);
      if (!rows || !boughtAt || rows.plan.cancelledAt) {
        throw new ViolationError(
          [{ propertyPath: "caseId", title: staffMessages.deathReportPlanCancelled }],
          409,
        );
      }
      const { notification } = atNeed;
      const atDeath = whenTheTimeComes(
        {
          contractDate: ukToday(boughtAt),
          choice: rows.plan.paymentChoice!,
          planPrice: priced.price.total,
          paid: moneyHeld(planMoneyOf(rows)),
          moratoriumMonths,
        },
        { date: notification.dateOfDeath.iso8601, accidental: notification.accidental === "yes" },
      );
      await transaction
        .update(atNeedCases)
        .set({ status: "funeral_requested", atDeath: { ...atDeath, moratoriumMonths } })
        .where(eq(atNeedCases.id, caseId));
      const [event] = await transaction
        .insert(atNeedCaseEvents)
        .values({ caseId, kind: "funeral_requested", ...confirmation, at })
        .returning({ id: atNeedCaseEvents.id, at: atNeedCaseEvents.at });
      await applyMoneyEvent(
        transaction,
        jobQueue,
        planId,
        { cause: confirmation.by === "nominee" ? "informant" : "staff", type: "funeral_requested" },
        { now: at },
      );
      for (const email of ["funeral-instruction", "death-notified"] as const) {
        await jobQueue.sendWithin(transaction, atNeedQueue, { caseId, email } satisfies AtNeedJob);
      }
      await alsoInTransaction(transaction, planId);
      return { eventId: event!.id, at: event!.at };
    });
  }

  return {
    confirmDeath,

    /**
     * The nominee's "Confirm that … has died" link. Confirmed already: the same thanks. Said not
     * to be right by anyone on the plan, or withdrawn: refused, for staff to look into.
     */
    async confirmFromLink({ caseId, signature }: { caseId: string; signature: string }) {
      if (!linkSignatureMatches(linkSecret, caseId, confirmPurpose, signature)) throw linkNotRight();
      const [atNeed] = await db
        .select({ status: atNeedCases.status })
        .from(atNeedCases)
        .where(eq(atNeedCases.id, caseId));
      if (!atNeed) throw linkNotRight();
      const [saidNotRight] = await db
        .select({ id: atNeedCaseEvents.id })
        .from(atNeedCaseEvents)
        .where(and(eq(atNeedCaseEvents.caseId, caseId), eq(atNeedCaseEvents.kind, "said_not_right")))
        .limit(1);
      if (atNeed.status === "reported" && !saidNotRight) {
        try {
          await confirmDeath(caseId, { by: "nominee", confirmedBy: "named_person_online", note: null });
        } catch (error) {
          // Confirmed a moment ago from another tab: the same thanks.
          if (!(error instanceof ViolationError && error.statusCode === 409)) throw error;
        }
      }
      const [after] = await db
        .select({ status: atNeedCases.status })
        .from(atNeedCases)
        .where(eq(atNeedCases.id, caseId));
      if (after?.status === "reported" || after?.status === "withdrawn") {
        throw new ViolationError([{ propertyPath: "caseId", title: messages.deathReportWaitsForACall }], 409);
      }
      return { message: messages.deathConfirmedThankYou };
    },

    /** "Tell us this is not right": kept with the case for staff, who call; nothing more happens online. */
    async sayNotRight({
      caseId,
      who,
      signature,
    }: {
      caseId: string;
      who: PlanPersonRole;
      signature: string;
    }) {
      if (!linkSignatureMatches(linkSecret, caseId, notRightPurpose(who), signature)) throw linkNotRight();
      const [atNeed] = await db
        .select({ id: atNeedCases.id })
        .from(atNeedCases)
        .where(eq(atNeedCases.id, caseId));
      if (!atNeed) throw linkNotRight();
      await db.insert(atNeedCaseEvents).values({ caseId, kind: "said_not_right", by: who, at: now() });
      return { message: messages.deathReportSaidNotRightThankYou };
    },
  };
}

export type DeathConfirmationService = ReturnType<typeof createDeathConfirmation>;
