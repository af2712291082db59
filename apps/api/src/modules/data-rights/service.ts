import type {
  AccountData,
  AccountDeletion,
  DeleteAccountBody,
  DeletedAccountResponse,
  KeptPlan,
} from "@kindred/contracts";
import {
  atNeedCaseStatusLabels,
  circumstancesKeptDaysAfterCancelling,
  freeGuideRequestKeptYears,
  keptPlanExplained,
  keptUntil,
  messages,
  securityRecordsKeptDays,
  deathReportKeptDays,
  ukToday,
  unsavedPlanKeptMonths,
  type AtNeedCaseStatus,
  type KeptPlanReason,
} from "@kindred/domain";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { isForeignKeyViolation, type Database } from "../../db/database";
import {
  accessTokens,
  accountEmailsSent,
  accountTokens,
  authAttempts,
  doNotContact,
  enquiries,
  planPeople,
  plans as planTable,
  users,
} from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import {
  revocationOfUser,
  revokeAccessTokensOf,
  type CheckCredentials,
  type TokenCache,
  type TokenHolder,
} from "../auth";
import { forgetDeathReportsBefore } from "../at-need";
import { renderDocumentPdf, type RenderedDocument } from "../documents";
import { emailsSentTo, forgetEmailsSentTo } from "../email";
import type { PaymentState } from "../payments";
import type { PlansService } from "../plans";
import { accountDataDocument, documentName } from "./data-document";
import { eraseUnfinishedPlans } from "./erasure";
import { planRecordsOf } from "./plan-records";

/**
 * A person's data and their rights over it (UK GDPR; issue 25 item 12;
 * docs/decisions/030-data-rights-and-retention.md): everything we hold about a customer, to
 * download; deleting their account, keeping only what the law makes us keep; and the sweep that
 * deletes what the privacy policy says we keep for a stated time.
 */
export interface DataRightsService {
  accountData(holder: TokenHolder): Promise<AccountData>;
  accountDataPdf(holder: TokenHolder): Promise<RenderedDocument>;
  /** What deleting the account would do now: nothing is changed. */
  accountDeletion(holder: TokenHolder): Promise<AccountDeletion>;
  deleteAccount(
    holder: TokenHolder,
    body: DeleteAccountBody,
    address: string,
  ): Promise<DeletedAccountResponse>;
  /**
   * Deletes what has been kept as long as the privacy policy says (by `now`): unfinished plans
   * not saved to an account, free guide requests, a cancelled plan's answers about
   * circumstances, and old sessions and sign-in attempts. Safe to run in every process at once.
   */
  sweepRetention(
    now?: Date,
  ): Promise<{ plans: number; freeGuideRequests: number; circumstances: number; deathReports: number }>;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * What the planning pages keep as text (JSON they wrote), read back into what it holds, so the
 * download has no JSON inside its JSON; text that is not an object of JSON is kept as it is.
 */
function parsedObject(text: string | null): Record<string, unknown> | null {
  if (text === null || text.trim() === "") return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
    return { saved: value };
  } catch {
    return { saved: text };
  }
}

/** A plan's people without the customer's email address typed a second time, to confirm it. */
function withoutRepeatedEmail<People extends { customer: Record<string, unknown> | null }>(
  people: People,
): People {
  if (!people.customer) return people;
  const { confirmEmail: _confirmEmail, ...customer } = people.customer;
  return { ...people, customer };
}

/** A plan that stays after the erasure: whether it was cancelled (the UK day), its funeral asked for, bought. */
interface PlanStanding {
  id: string;
  cancelledOn: string | null;
  funeralRequested: boolean;
  bought: boolean;
}

function keptPlanOf(plan: PlanStanding): KeptPlan {
  let reason: KeptPlanReason = "payment-in-progress";
  let until: string | null = null;
  if (plan.funeralRequested) reason = "funeral-requested";
  else if (plan.bought && plan.cancelledOn) {
    reason = "cancelled";
    until = keptUntil(plan.cancelledOn);
  } else if (plan.bought) reason = "bought";
  return { planId: plan.id, reason, keptUntil: until, explanation: keptPlanExplained(reason, until) };
}

export function createDataRightsService({
  db,
  plans,
  state,
  checkCredentials,
  verifiedTokens,
  now = () => new Date(),
}: {
  db: Database;
  plans: PlansService;
  state: PaymentState;
  checkCredentials: CheckCredentials;
  verifiedTokens: TokenCache;
  now?: () => Date;
}): DataRightsService {
  async function customerOf(holder: TokenHolder) {
    const [user] = await db.select().from(users).where(eq(users.id, holder.userId));
    if (!user || user.kind !== "customer" || !user.email) {
      throw new ViolationError([{ propertyPath: "Request", title: messages.signInToSeeAccount }], 403);
    }
    return { ...user, email: user.email };
  }

  async function accountData(holder: TokenHolder): Promise<AccountData> {
    const user = await customerOf(holder);
    const [lastSession] = await db
      .select({ at: accessTokens.createdAt })
      .from(accessTokens)
      .where(eq(accessTokens.userId, user.id))
      .orderBy(desc(accessTokens.createdAt))
      .limit(1);
    const planData = [];
    for (const plan of await plans.listPlans(user.id)) {
      const [people, payments, records] = await Promise.all([
        plans.getPeople(user.id, plan.id),
        state.planPayments(holder, plan.id),
        planRecordsOf(db, plan.id),
      ]);
      const { documentsAccepted, funeral, ...rest } = records;
      const { planId: _planId, payments: paymentRows, ...money } = payments;
      planData.push({
        plan: {
          // The reference the customer knows the plan by, as the account and documents show it.
          reference: plan.id,
          startedAt: plan.createdAt,
          lastChangedAt: plan.updatedAt,
          choices: plan.sections.map(({ title, answer, price, guaranteed }) => ({
            choice: title,
            answer,
            price,
            guaranteed,
          })),
          price: plan.price,
          planningPagesSaved: parsedObject(plan.planningJourneyData),
        },
        people: withoutRepeatedEmail(people),
        documentsAccepted: documentsAccepted.map((row) => ({
          document: documentName(row.docReference),
          acceptedAt: row.acceptedAt,
        })),
        payments: {
          ...money,
          payments: paymentRows.map(({ paymentOption, amount, status, failureReason, createdAt }) => ({
            paymentOption,
            amount,
            status,
            failureReason,
            createdAt,
          })),
        },
        funeral: funeral
          ? {
              status: atNeedCaseStatusLabels[funeral.status as AtNeedCaseStatus] ?? funeral.status,
              toldUsAt: funeral.toldUsAt,
            }
          : null,
        ...rest,
      });
    }
    const [listed] = await db.select().from(doNotContact).where(eq(doNotContact.email, user.email));
    const sent = await emailsSentTo(db, user.id);
    const guideRequests = await db
      .select()
      .from(enquiries)
      .where(eq(enquiries.email, user.email))
      .orderBy(asc(enquiries.createdAt));
    return {
      madeAt: now().toISOString(),
      account: {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        emailConfirmedAt: iso(user.emailConfirmedAt),
        createdAt: user.createdAt.toISOString(),
        lastSignedInAt: iso(lastSession?.at ?? null),
      },
      plans: planData,
      onDoNotContactList: listed !== undefined,
      emailsSent: sent,
      freeGuideRequests: guideRequests.map((row) => ({
        name: row.name,
        email: row.email,
        phone: row.phone,
        postcode: row.postcode,
        contactByEmail: row.contactByEmail,
        contactByPhone: row.contactByPhone,
        contactByPost: row.contactByPost,
        requestedAt: row.createdAt.toISOString(),
        guideSentAt: iso(row.guideSentAt),
      })),
    };
  }

  /** Each of the user's plans with whether it was ever bought (a payment taken, or a Direct Debit made). */
  async function standingOfPlans(tx: Database, userId: string): Promise<PlanStanding[]> {
    const { rows } = (await tx.execute(sql`
      select p.id,
        to_char(p.cancelled_at at time zone 'Europe/London', 'YYYY-MM-DD') as cancelled_on,
        p.funeral_requested_at is not null as funeral_requested,
        (exists (select 1 from payments x where x.plan_id = p.id and x.status = 'confirmed')
          or exists (select 1 from mandates x where x.plan_id = p.id)) as bought
      from plans p where p.user_id = ${userId} order by p.created_at
    `)) as unknown as {
      rows: { id: string; cancelled_on: string | null; funeral_requested: boolean; bought: boolean }[];
    };
    return rows.map((row) => ({
      id: row.id,
      cancelledOn: row.cancelled_on,
      funeralRequested: row.funeral_requested,
      bought: row.bought,
    }));
  }

  /**
   * Erases what may go of the customer's data, within `tx`; answers what it did. Used for the
   * real deletion and, in a transaction rolled back, for the preview, so both say the same.
   */
  async function erase(tx: Database, holder: TokenHolder, email: string): Promise<AccountDeletion> {
    const erased = await eraseUnfinishedPlans(tx, sql`p.user_id = ${holder.userId}`);
    const kept = (await standingOfPlans(tx, holder.userId)).map(keptPlanOf);
    // Marketing choices: every channel unticked on the plans kept, and the address on the
    // do-not-contact list (the privacy policy's promise), as it no longer hears from us.
    const keptPeople = await tx
      .select({ planId: planPeople.planId, customer: planPeople.customer })
      .from(planPeople)
      .innerJoin(planTable, eq(planTable.id, planPeople.planId))
      .where(eq(planTable.userId, holder.userId));
    for (const { planId, customer } of keptPeople) {
      await tx
        .update(planPeople)
        .set({
          customer: {
            ...customer,
            contactMethods: customer.contactMethods.map((choice) => ({ ...choice, checked: false })),
          },
          // Answers about circumstances are kept only with consent: asking to delete withdraws it.
          vulnerabilities: null,
          vulnerabilityConsentAt: null,
          updatedAt: sql`now()`,
        })
        .where(eq(planPeople.planId, planId));
    }
    await tx.insert(doNotContact).values({ email }).onConflictDoNothing();
    const guideRequests = await tx
      .delete(enquiries)
      .where(eq(enquiries.email, email))
      .returning({ id: enquiries.id });
    await tx.delete(accountTokens).where(eq(accountTokens.userId, holder.userId));
    await tx.delete(accountEmailsSent).where(eq(accountEmailsSent.userId, holder.userId));
    await forgetEmailsSentTo(tx, holder.userId);
    const accountDeleted = kept.length === 0;
    if (accountDeleted) {
      await revokeAccessTokensOf(tx, holder.userId);
      await tx.delete(accessTokens).where(eq(accessTokens.userId, holder.userId));
      await tx.delete(users).where(eq(users.id, holder.userId));
    } else {
      // Signed out everywhere else; this session stays, to see the plans kept.
      await tx
        .update(accessTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(accessTokens.userId, holder.userId),
            ne(accessTokens.tokenHash, holder.tokenHash),
            sql`${accessTokens.revokedAt} is null`,
          ),
        );
    }
    return {
      accountDeleted,
      unfinishedPlans: erased.length,
      freeGuideRequests: guideRequests.length,
      kept,
    };
  }

  class Preview extends Error {
    constructor(readonly deletion: AccountDeletion) {
      super("preview");
    }
  }

  return {
    accountData,

    async accountDataPdf(holder) {
      const data = await accountData(holder);
      const document = accountDataDocument(data);
      return {
        fileName: `kindred-my-data-${ukToday(now())}.pdf`,
        pdf: await renderDocumentPdf({ ...document, scale: "standard" }),
      };
    },

    async accountDeletion(holder) {
      const { email } = await customerOf(holder);
      try {
        await db.transaction(async (tx) => {
          throw new Preview(await erase(tx, holder, email));
        });
      } catch (error) {
        if (error instanceof Preview) return error.deletion;
        throw error;
      }
      throw new Error("The preview of deleting an account was not rolled back");
    },

    async deleteAccount(holder, { password }, address) {
      const { email } = await customerOf(holder);
      const outcome = await checkCredentials({ email, password, address });
      if (outcome.outcome === "too-many-attempts") {
        throw new ViolationError([{ propertyPath: "password", title: messages.tooManyAttempts }], 429);
      }
      if (outcome.outcome !== "signed-in" || outcome.userId !== holder.userId) {
        throw new ViolationError([{ propertyPath: "password", title: messages.currentPasswordWrong }], 422);
      }
      const done = await db.transaction((tx) => erase(tx, holder, email));
      verifiedTokens.forget(revocationOfUser(holder.userId));
      return {
        ...done,
        message: done.accountDeleted ? messages.accountDeleted : messages.accountKeptForPlans,
      };
    },

    async sweepRetention(at = now()) {
      // Unfinished plans of visitors who never made an account, untouched (the plan and its
      // people) for the months the privacy policy states; each in its own transaction, so one
      // that is being bought at that moment (and so cannot be deleted) holds up no other.
      const stale = sql`
        exists (select 1 from users u where u.id = p.user_id and u.kind = 'guest')
        and greatest(p.updated_at, coalesce((select pp.updated_at from plan_people pp where pp.plan_id = p.id), p.updated_at))
          < ${at.toISOString()}::timestamptz - make_interval(months => ${unsavedPlanKeptMonths}::int)`;
      const { rows } = (await db.execute(sql`select p.id from plans p where ${stale}`)) as unknown as {
        rows: { id: string }[];
      };
      let erasedPlans = 0;
      for (const { id } of rows) {
        const erased = await db
          .transaction((tx) => eraseUnfinishedPlans(tx, sql`p.id = ${id} and ${stale}`))
          .catch((error: unknown) => {
            // Bought (or being bought) since it was found: it is not unfinished any more.
            if (isForeignKeyViolation(error)) return [];
            throw error;
          });
        erasedPlans += erased.length;
      }
      const guideRequests = await db
        .delete(enquiries)
        .where(
          sql`${enquiries.createdAt} < ${at.toISOString()}::timestamptz - make_interval(years => ${freeGuideRequestKeptYears}::int)`,
        )
        .returning({ id: enquiries.id });
      // Answers about circumstances are kept until the plan ends: a cancelled plan's go within
      // the month the privacy policy allows.
      const circumstances = await db
        .update(planPeople)
        .set({ vulnerabilities: null, vulnerabilityConsentAt: null })
        .where(
          sql`(${planPeople.vulnerabilities} is not null or ${planPeople.vulnerabilityConsentAt} is not null)
            and exists (select 1 from plans p where p.id = ${planPeople.planId}
              and p.cancelled_at < ${at.toISOString()}::timestamptz - make_interval(days => ${circumstancesKeptDaysAfterCancelling}::int))`,
        )
        .returning({ planId: planPeople.planId });
      // Security records: sessions that ended, and counted sign-in attempts, after 90 days.
      const securityCutOff = sql`${at.toISOString()}::timestamptz - make_interval(days => ${securityRecordsKeptDays}::int)`;
      await db
        .delete(accessTokens)
        .where(sql`coalesce(${accessTokens.revokedAt}, ${accessTokens.expiresAt}) < ${securityCutOff}`);
      await db.delete(authAttempts).where(sql`${authAttempts.createdAt} < ${securityCutOff}`);
      const deathReports = await forgetDeathReportsBefore(
        db,
        new Date(at.getTime() - deathReportKeptDays * 24 * 60 * 60 * 1000),
      );
      return {
        plans: erasedPlans,
        freeGuideRequests: guideRequests.length,
        circumstances: circumstances.length,
        deathReports,
      };
    },
  };
}
