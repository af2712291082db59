import { messages, purchaseMessages } from "@kindred/domain";
import { z } from "zod";
import { penceSchema } from "./pence";

/**
 * Referral codes (SPEC.md sections 3 and 7 item 9; docs/decisions/017-referral-codes.md). A code
 * is sent as the person typed it; the API reads it with the domain's `normaliseReferralCode` and
 * always answers it in its one written form, `KIND-7K4P-Q2`. What a referral gives is the
 * catalogue's (`GET /api/plan-options`, `paymentTerms.referral`), answered alongside.
 */

/** As typed: any case, with or without spaces and dashes. Longer than this is never a code. */
const referralCodeFieldSchema = z
  .string(purchaseMessages.referralCodeMissing)
  .trim()
  .min(1, purchaseMessages.referralCodeMissing)
  .max(40, purchaseMessages.referralCodeNotRecognised);

/** `POST /api/referral-code/generate`: the code of one of the customer's paid plans. */
export const generateReferralCodeBodySchema = z.object({
  referrerPlanId: z.uuid(messages.notAPlanReference),
});

/** The plan's one code: the same one every time it is asked for. */
export const referralCodeResponseSchema = z.object({
  code: z.string(),
  referrerPlanId: z.uuid(),
});
export type ReferralCodeResponse = z.infer<typeof referralCodeResponseSchema>;

/** `POST /api/referral-code/validate` and `/apply`: a code, for one of the customer's plans. */
export const referralCodeBodySchema = z.object({
  code: referralCodeFieldSchema,
  referreePlanId: z.uuid(messages.notAPlanReference),
});
export type ReferralCodeBody = z.infer<typeof referralCodeBodySchema>;

/** The "Have a referral code?" form: the code alone; the screen knows the plan. */
export const referralCodeFieldsSchema = referralCodeBodySchema.pick({ code: true });
export type ReferralCodeFields = z.infer<typeof referralCodeFieldsSchema>;

/** What a referral gives, from the catalogue: the reward in pence and the words that explain it. */
const referralRewardShape = {
  reward: penceSchema,
  description: z.string(),
};

/** `POST /api/referral-code/validate`: 200 when the code could be applied to the plan; else 422. */
export const referralCodeValidResponseSchema = z.object({
  valid: z.literal(true),
  code: z.string(),
  ...referralRewardShape,
});
export type ReferralCodeValidResponse = z.infer<typeof referralCodeValidResponseSchema>;

/** `POST /api/referral-code/apply`: the code now on the plan. */
export const referralAppliedResponseSchema = z.object({
  code: z.string(),
  referreePlanId: z.uuid(),
  appliedAt: z.iso.datetime({ offset: true }),
  ...referralRewardShape,
});
export type ReferralAppliedResponse = z.infer<typeof referralAppliedResponseSchema>;

/** `GET /api/plan/{id}/referral`: the plan's own code if it has one, and the code used on it if any. */
export const planReferralResponseSchema = z.object({
  /** Made by `generate` once the plan is paid for; null until then. */
  ownCode: z.string().nullable(),
  applied: z.object({ code: z.string(), appliedAt: z.iso.datetime({ offset: true }) }).nullable(),
  ...referralRewardShape,
});
export type PlanReferralResponse = z.infer<typeof planReferralResponseSchema>;
