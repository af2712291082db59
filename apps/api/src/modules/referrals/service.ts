import { randomBytes } from "node:crypto";
import type {
  PlanReferralResponse,
  ReferralAppliedResponse,
  ReferralCodeBody,
  ReferralCodeResponse,
  ReferralCodeValidResponse,
} from "@kindred/contracts";
import {
  normaliseReferralCode,
  purchaseMessages,
  referralCodeFromRandomBytes,
  referralCodeRandomLength,
} from "@kindred/domain";
import type { Database } from "../../db/database";
import { ViolationError } from "../../plugins/error-handler";
import type { PlanOptionsService } from "../catalogue";
import { isPaid } from "../payments";
import { noSuchPlan, selectOwnedPlan } from "../plans";
import {
  insertCodeUnlessPresent,
  insertReferralUnlessPresent,
  selectCodeHolder,
  selectCodeOfPlan,
  selectReferralOf,
} from "./queries";

/** What a referral gives, from the catalogue (`paymentTerms.referral`). */
interface ReferralReward {
  reward: number;
  description: string;
}

/** A code applied to a plan, with what it gives, as the plan's documents print it. */
interface AppliedReferral extends ReferralReward {
  code: string;
}

export interface ReferralsService {
  /** The plan's one code, made the first time it is asked for, once the plan is paid for. */
  generate(userId: string, referrerPlanId: string): Promise<ReferralCodeResponse>;
  /** Whether `apply` would take this code for this plan; 422 with the reason when not. */
  validate(userId: string, body: ReferralCodeBody): Promise<ReferralCodeValidResponse>;
  /** Puts the code on the plan; the same code again answers what was applied the first time. */
  apply(userId: string, body: ReferralCodeBody): Promise<ReferralAppliedResponse>;
  /** The plan's own code and the code applied to it, for its owner. */
  planReferral(userId: string, planId: string): Promise<PlanReferralResponse>;
  /** The code applied to a plan, for its documents; the caller has checked the plan is the person's. */
  appliedReferralOf(planId: string): Promise<AppliedReferral | null>;
}

const violation = (propertyPath: "code" | "referrerPlanId" | "referreePlanId", title: string) =>
  new ViolationError([{ propertyPath, title }], 422);

/** A new code is made again only if the one drawn is already another plan's: one in a thousand million. */
const codeAttempts = 5;

/**
 * Referral codes (issue 10 item 8; docs/decisions/017-referral-codes.md). A paid plan's owner is
 * given one code for it; someone else applies it to a plan of theirs that is not yet paid for.
 * What that gives is the catalogue's, answered with every call; no price changes.
 */
export function createReferralsService({
  db,
  planOptions,
}: {
  db: Database;
  planOptions: PlanOptionsService;
}): ReferralsService {
  async function reward(): Promise<ReferralReward> {
    const { referral } = (await planOptions.getPlanOptions()).paymentTerms;
    return { reward: referral.reward, description: referral.description };
  }

  async function ownedPlan(userId: string, planId: string) {
    const plan = await selectOwnedPlan(db, planId, userId);
    if (!plan) throw noSuchPlan();
    return plan;
  }

  /**
   * The code in its written form when `apply` may put it on the plan, or the code already on it
   * when it is this same one; otherwise the reason, as a violation. The plan's own state is
   * checked before the code, so a plan that can take no code tells nobody which codes exist.
   */
  async function check(userId: string, body: ReferralCodeBody) {
    const plan = await ownedPlan(userId, body.referreePlanId);
    const code = normaliseReferralCode(body.code);
    const applied = await selectReferralOf(db, plan.id);
    if (applied) {
      if (applied.code === code) return { code, applied };
      throw violation("code", purchaseMessages.referralCodeAlreadyApplied);
    }
    if (plan.cancelledAt) throw violation("referreePlanId", purchaseMessages.referralCodePlanCancelled);
    if (await isPaid(db, plan.id))
      throw violation("referreePlanId", purchaseMessages.referralCodeNotForPaidPlan);
    const holder = code === null ? undefined : await selectCodeHolder(db, code);
    // A code of a cancelled plan no longer gives anything: it is answered like one nobody holds.
    if (!holder || holder.cancelledAt) throw violation("code", purchaseMessages.referralCodeNotRecognised);
    if (holder.userId === userId) throw violation("code", purchaseMessages.referralCodeOwnPlan);
    return { code: holder.code, applied: undefined };
  }

  return {
    async generate(userId, referrerPlanId) {
      const plan = await ownedPlan(userId, referrerPlanId);
      if (plan.cancelledAt) throw violation("referrerPlanId", purchaseMessages.referralCodeCancelledPlan);
      const existing = await selectCodeOfPlan(db, plan.id);
      if (existing) return existing;
      if (!(await isPaid(db, plan.id)))
        throw violation("referrerPlanId", purchaseMessages.referralCodeNeedsPaidPlan);
      for (let attempt = 0; attempt < codeAttempts; attempt += 1) {
        const code = referralCodeFromRandomBytes(randomBytes(referralCodeRandomLength));
        await insertCodeUnlessPresent(db, plan.id, code);
        // Whoever wrote first, this request's code or another's for the same plan, is the plan's code.
        const stored = await selectCodeOfPlan(db, plan.id);
        if (stored) return stored;
      }
      throw new Error(`No unused referral code found in ${codeAttempts} attempts`);
    },

    async validate(userId, body) {
      const { code } = await check(userId, body);
      return { valid: true, code, ...(await reward()) };
    },

    async apply(userId, body) {
      const checked = await check(userId, body);
      const referreePlanId = body.referreePlanId;
      const stored = checked.applied ?? (await insertReferralUnlessPresent(db, referreePlanId, checked.code));
      // Another request put a code on the plan between the check and the insert.
      const applied = stored ?? (await selectReferralOf(db, referreePlanId));
      if (!applied || applied.code !== checked.code) {
        throw violation("code", purchaseMessages.referralCodeAlreadyApplied);
      }
      return {
        code: applied.code,
        referreePlanId,
        appliedAt: applied.appliedAt.toISOString(),
        ...(await reward()),
      };
    },

    async planReferral(userId, planId) {
      const plan = await ownedPlan(userId, planId);
      const [own, applied, given] = await Promise.all([
        selectCodeOfPlan(db, plan.id),
        selectReferralOf(db, plan.id),
        reward(),
      ]);
      return {
        ownCode: own && !plan.cancelledAt ? own.code : null,
        applied: applied ? { code: applied.code, appliedAt: applied.appliedAt.toISOString() } : null,
        ...given,
      };
    },

    async appliedReferralOf(planId) {
      const applied = await selectReferralOf(db, planId);
      return applied ? { code: applied.code, ...(await reward()) } : null;
    },
  };
}
