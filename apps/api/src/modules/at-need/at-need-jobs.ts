import {
  accidentalAnswerLabels,
  informantRelationshipLabels,
  normaliseEmail,
  restingPlaceLabels,
} from "@kindred/domain";
import type { DeathNotification } from "@kindred/contracts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { JobResult, JobWithMetadata } from "pg-boss";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { atNeedCases, plans } from "../../db/schema";
import type { DocumentsService } from "../documents";
import type { Email, Mailer } from "../email";
import { appointedBranch, appointmentOf } from "../payments";
import { atNeedQueue, type AtNeedJob } from "./at-need-queue";
import { deathReportLinks, planPeopleRoles } from "./confirmation";
import { coveredBy, namedPersonOf, storedPeople, toldByTheNamedPerson } from "./matching";
import { matchReport } from "./reports";

/**
 * The work that follows a death told to us (issue 23 item 4; decision 040), each a job queued in
 * the transaction before it: matching a report to a plan; and the emails, written from what is
 * stored when the job runs (the plan details PDF takes a moment to make): everyone on the plan
 * told of the report, and, once the death is confirmed, the instruction to the appointed branch
 * and what happens next to the person named on the plan.
 */

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/** "In hospital: St Mary's, Paddington". */
function whereNow(notification: DeathNotification): string {
  const place = restingPlaceLabels[notification.restingPlace];
  return notification.restingPlaceDetails === "" ? place : `${place}: ${notification.restingPlaceDetails}`;
}

export async function startAtNeedJobs({
  db,
  jobQueue,
  mailer,
  documents,
  links,
  log,
}: {
  db: Database;
  jobQueue: JobQueue;
  mailer: Mailer;
  documents: DocumentsService;
  /** The site's address and the secret that signs the links in "death-reported". */
  links: { siteUrl: string; linkSecret: string };
  log: FastifyBaseLogger;
}): Promise<{ idle(): Promise<void> }> {
  const options = {
    retryLimit: 100,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 15 * 60,
    notify: true,
  };
  await jobQueue.boss.createQueue(atNeedQueue, options);
  await jobQueue.boss.updateQueue(atNeedQueue, options);

  /**
   * "We have been told of a death": to the customer, whoever pays and the person named on the
   * plan, once each however many of those one address is, at the addresses we hold.
   */
  async function tellOfTheReport(caseId: string): Promise<Email[]> {
    const [atNeed] = await db.select().from(atNeedCases).where(eq(atNeedCases.id, caseId));
    if (!atNeed?.planId) return [];
    const [plan] = await db
      .select({ reference: plans.reference })
      .from(plans)
      .where(eq(plans.id, atNeed.planId));
    const people = await storedPeople(db, atNeed.planId);
    if (!plan || !people) return [];
    const covered = coveredBy(people);
    const told = new Set<string>();
    const emails: Email[] = [];
    // The nominee first, so that an address the nominee shares with the customer gets the confirm link.
    for (const who of [...planPeopleRoles].reverse()) {
      const person = people[who];
      if (!person || told.has(normaliseEmail(person.email))) continue;
      told.add(normaliseEmail(person.email));
      emails.push({
        kind: "death-reported",
        to: { name: fullName(person), address: person.email },
        firstName: person.firstName,
        personName: fullName(covered),
        aboutTheReader: who === "customer" && people.coveredPerson === null,
        planReference: plan.reference,
        dateOfDeath: atNeed.notification.dateOfDeath.iso8601,
        ...deathReportLinks(links, caseId, who),
      });
    }
    return emails;
  }

  /** The email a job sends, or null when there is nobody to send it to. */
  async function compose({
    caseId,
    email,
  }: {
    caseId: string;
    email: "funeral-instruction" | "death-notified";
  }): Promise<Email | null> {
    const [atNeed] = await db.select().from(atNeedCases).where(eq(atNeedCases.id, caseId));
    if (!atNeed?.planId || !atNeed.atDeath) return null;
    const { notification, atDeath } = atNeed;
    const [plan] = await db
      .select({ userId: plans.userId, reference: plans.reference })
      .from(plans)
      .where(eq(plans.id, atNeed.planId));
    const people = await storedPeople(db, atNeed.planId);
    if (!plan || !people) return null;
    const personName = fullName(coveredBy(people));
    const named = namedPersonOf(people);
    const { informant } = notification;
    const informantIsNamed = toldByTheNamedPerson(named, informant.email);
    const found = await appointmentOf(db, atNeed.planId);
    const branch = found && appointedBranch(found);

    if (email === "funeral-instruction") {
      // A branch that had closed is never instructed: staff choose another (the back office).
      if (!branch) return null;
      const document = await documents.planLegalDocumentPdf(
        plan.userId,
        atNeed.planId,
        "plan-details",
        undefined,
      );
      const contacts = [
        ...(named
          ? [
              {
                role: "Named on the plan to speak to",
                name: fullName(named),
                phone: named.phone,
                email: named.email,
              },
            ]
          : []),
        ...(informantIsNamed
          ? []
          : [
              {
                role: `Told us of the death (${informantRelationshipLabels[informant.relationship].toLowerCase()})`,
                name: fullName(informant),
                phone: informant.phone,
                email: informant.email,
              },
            ]),
      ];
      return {
        kind: "funeral-instruction",
        to: { name: branch.name, address: branch.email },
        greeting: branch.managerName,
        planReference: plan.reference,
        personName,
        dateOfDeath: notification.dateOfDeath.iso8601,
        whereNow: whereNow(notification),
        accidental: accidentalAnswerLabels[notification.accidental],
        contacts,
        provided: atDeath.funeral === "provided",
        attachments: [
          {
            filename: document.fileName,
            contentType: "application/pdf",
            contentBase64: document.pdf.toString("base64"),
          },
        ],
      };
    }

    if (!named) return null;
    return {
      kind: "death-notified",
      to: { name: fullName(named), address: named.email },
      firstName: named.firstName,
      personName,
      planReference: plan.reference,
      dateOfDeath: notification.dateOfDeath.iso8601,
      toldBy: informantIsNamed ? null : fullName(informant),
      funeralDirector: branch ? { name: branch.name, phone: branch.phone } : null,
      atDeath:
        atDeath.funeral === "provided"
          ? { funeral: "provided" }
          : {
              funeral: "ifTheBalanceIsPaid",
              balance: atDeath.balance,
              refund: atDeath.refund,
              moratoriumMonths: atDeath.moratoriumMonths,
              accidentKnown: notification.accidental !== "not_known",
            },
    };
  }

  await jobQueue.work(
    atNeedQueue,
    { batchSize: 5, includeMetadata: true, perJobResults: true },
    async (jobs: JobWithMetadata<AtNeedJob>[]): Promise<JobResult[]> => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        try {
          const task = job.data;
          if ("reportId" in task) {
            await matchReport({ db, jobQueue }, task.reportId);
          } else {
            const { caseId, email } = task;
            const composed =
              email === "death-reported"
                ? await tellOfTheReport(caseId)
                : [await compose({ caseId, email })].filter((written) => written !== null);
            if (composed.length > 0) {
              await db.transaction(async (transaction) => {
                for (const email of composed) await mailer.queue(email, transaction);
              });
            }
          }
          results.push({ id: job.id, status: "completed" });
        } catch (error) {
          // Only what the job is about: never the people or the email.
          const reason = (error as Error).name;
          log.warn(
            { jobId: job.id, ...job.data, attempt: job.retryCount + 1, reason },
            "the work after a death was told could not be done; it will be tried again",
          );
          results.push({ id: job.id, status: "failed", output: { reason } });
        }
      }
      return results;
    },
  );
  return {
    // Twice: a report's matching queues its email to everyone on the plan as a job of its own.
    async idle() {
      await jobQueue.idle(atNeedQueue);
      await jobQueue.idle(atNeedQueue);
    },
  };
}
