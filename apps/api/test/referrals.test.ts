import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  legalDocumentsResponseSchema,
  planReferralResponseSchema,
  planResponseSchema,
  referralAppliedResponseSchema,
  referralCodeResponseSchema,
  referralCodeValidResponseSchema,
  violationsResponseSchema,
  type JourneyDataPayload,
  type PlanOptionsResponse,
} from "@kindred/contracts";
import { legalDocumentReferences, messages, purchaseMessages } from "@kindred/domain";
import { eq } from "drizzle-orm";
import { referralCodes, referrals } from "../src/db/schema";
import { insertCodeUnlessPresent, insertReferralUnlessPresent } from "../src/modules/referrals/queries";
import { atOnce } from "./support/at-once";
import { callApi, createSignedInCustomer, uniqueAddress } from "./support/customers";
import { catalogueAndBranch, fullJourney } from "./support/journeys";
import { paidPlan } from "./support/ready-plans";
import { readPdf } from "./support/pdf-text";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let catalogue: PlanOptionsResponse;
let journey: JourneyDataPayload;

beforeAll(async () => {
  // Every injected request comes from one address; the limit on checks has a test of its own below.
  testApp = await createTestApp({ REFERRAL_CHECKS_PER_ADDRESS_PER_MINUTE: 1_000_000 });
  const token = await testApp.requestApplicationToken();
  let branchId: number;
  ({
    catalogue,
    branch: { id: branchId },
  } = await catalogueAndBranch(testApp, token));
  journey = fullJourney(catalogue, branchId);
});
afterAll(() => testApp.close());

const violationsOf = (response: { json(): unknown }) =>
  violationsResponseSchema.parse(response.json()).violations;

/** A signed-in customer with a plan saved to their account. */
async function customerWithPlan() {
  const customer = await createSignedInCustomer(testApp);
  const planId = await newPlanOf(customer.token);
  return { ...customer, planId };
}

async function newPlanOf(token: string): Promise<string> {
  const created = await callApi(testApp, token, "POST", "/api/plan", journey);
  expect(created.statusCode, created.body).toBe(201);
  return planResponseSchema.parse(created.json()).id;
}

const generate = (token: string | null, referrerPlanId: string) =>
  callApi(testApp, token, "POST", "/api/referral-code/generate", { referrerPlanId });

const validate = (token: string | null, code: string, referreePlanId: string) =>
  callApi(testApp, token, "POST", "/api/referral-code/validate", { code, referreePlanId });

const apply = (token: string | null, code: string, referreePlanId: string) =>
  callApi(testApp, token, "POST", "/api/referral-code/apply", { code, referreePlanId });

const readReferral = (token: string, planId: string) =>
  callApi(testApp, token, "GET", `/api/plan/${planId}/referral`);

/** A customer whose plan is paid for, and that plan's code. */
async function referrerWithCode() {
  const referrer = await paidPlan(testApp);
  const response = await generate(referrer.token, referrer.planId);
  expect(response.statusCode, response.body).toBe(200);
  return { ...referrer, code: referralCodeResponseSchema.parse(response.json()).code };
}

/** Cancels a plan as its owner does from the account. */
async function cancel(token: string, planId: string) {
  const response = await testApp.app.inject({
    method: "POST",
    url: `/api/plan/${planId}/cancel`,
    payload: {},
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const writtenCode = /^KIND-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{2}$/;

describe("POST /api/referral-code/generate", () => {
  it("refuses a plan that is not paid for yet, and makes no code", async () => {
    const { token, planId } = await customerWithPlan();

    const response = await generate(token, planId);

    expect(response.statusCode).toBe(422);
    expect(violationsOf(response)).toEqual([
      { propertyPath: "referrerPlanId", title: purchaseMessages.referralCodeNeedsPaidPlan },
    ]);
    expect(
      await testApp.db.select().from(referralCodes).where(eq(referralCodes.referrerPlanId, planId)),
    ).toEqual([]);
  });

  it("gives a paid plan one code, easy to read, and the same code each time it is asked", async () => {
    const { token, planId } = await paidPlan(testApp);

    const first = await generate(token, planId);
    const second = await generate(token, planId);

    expect(first.statusCode, first.body).toBe(200);
    const answer = referralCodeResponseSchema.parse(first.json());
    expect(answer).toEqual({ code: expect.stringMatching(writtenCode), referrerPlanId: planId });
    expect(referralCodeResponseSchema.parse(second.json())).toEqual(answer);
    const read = planReferralResponseSchema.parse((await readReferral(token, planId)).json());
    expect(read.ownCode).toBe(answer.code);
  });

  // On PGlite the injected requests below are served one after another; on PostgreSQL (CI's
  // PostgreSQL stage runs the tests tagged engine) they can overlap. The moment a race comes down to, both requests writing a code for
  // the plan, is pinned by the test after it, on either database.
  it("answers the same one code to requests made at the same moment", { tags: ["engine"] }, async () => {
    const { token, planId } = await paidPlan(testApp);

    const answers = await atOnce(Array.from({ length: 6 }, () => generate(token, planId)));

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const codes = new Set(answers.map((answer) => referralCodeResponseSchema.parse(answer.json()).code));
    expect(codes.size).toBe(1);
    expect(
      await testApp.db.select().from(referralCodes).where(eq(referralCodes.referrerPlanId, planId)),
    ).toHaveLength(1);
  });

  it("keeps a plan's first code when a second request writes one for it too, and answers it", async () => {
    const { token, planId } = await paidPlan(testApp);

    await insertCodeUnlessPresent(testApp.db, planId, "KIND-AAAA-AA");
    await insertCodeUnlessPresent(testApp.db, planId, "KIND-BBBB-BB");

    const stored = await testApp.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.referrerPlanId, planId));
    expect(stored.map((row) => row.code)).toEqual(["KIND-AAAA-AA"]);
    expect(referralCodeResponseSchema.parse((await generate(token, planId)).json()).code).toBe(
      "KIND-AAAA-AA",
    );
  });

  it("answers 404 for another customer's paid plan, exactly as for a plan that does not exist", async () => {
    const owner = await paidPlan(testApp);
    const stranger = await createSignedInCustomer(testApp);

    const response = await generate(stranger.token, owner.planId);

    expect(response.statusCode).toBe(404);
    expect(violationsOf(response)).toEqual([{ propertyPath: "Request", title: messages.noSuchPlan }]);
    expect(
      await testApp.db.select().from(referralCodes).where(eq(referralCodes.referrerPlanId, owner.planId)),
    ).toEqual([]);
  });

  it("refuses a cancelled plan, and no longer shows the code it had", async () => {
    const { token, planId, code } = await referrerWithCode();
    await cancel(token, planId);

    const response = await generate(token, planId);

    expect(response.statusCode).toBe(422);
    expect(violationsOf(response)).toEqual([
      { propertyPath: "referrerPlanId", title: purchaseMessages.referralCodeCancelledPlan },
    ]);
    const read = planReferralResponseSchema.parse((await readReferral(token, planId)).json());
    expect(read.ownCode).toBeNull();
    expect(code).toMatch(writtenCode);
  });
});

describe("POST /api/referral-code/validate", () => {
  it("reads the code however it was typed and says what it gives, from the catalogue, changing nothing", async () => {
    const { code } = await referrerWithCode();
    const friend = await customerWithPlan();
    const typed = ` ${code.toLowerCase().replaceAll("-", " ")} `;

    const response = await validate(friend.token, typed, friend.planId);

    expect(response.statusCode, response.body).toBe(200);
    expect(referralCodeValidResponseSchema.parse(response.json())).toEqual({
      valid: true,
      code,
      reward: catalogue.paymentTerms.referral.reward,
      description: catalogue.paymentTerms.referral.description,
    });
    expect(catalogue.paymentTerms.referral.reward).toBeGreaterThan(0);
    const read = planReferralResponseSchema.parse((await readReferral(friend.token, friend.planId)).json());
    expect(read.applied).toBeNull();
  });
});

describe("a code that cannot be used", () => {
  it.each([["validate"], ["apply"]] as const)(
    "is answered with the reason by %s: unknown, not a code at all, or the person's own",
    async (call) => {
      const send = call === "validate" ? validate : apply;
      const referrer = await referrerWithCode();
      const referrersOtherPlan = await newPlanOf(referrer.token);
      const friend = await customerWithPlan();

      const unknown = await send(friend.token, "KIND-2345-67", friend.planId);
      const notACode = await send(friend.token, "GIFT50", friend.planId);
      const ownCode = await send(referrer.token, referrer.code, referrersOtherPlan);

      for (const response of [unknown, notACode]) {
        expect(response.statusCode).toBe(422);
        expect(violationsOf(response)).toEqual([
          { propertyPath: "code", title: purchaseMessages.referralCodeNotRecognised },
        ]);
      }
      expect(ownCode.statusCode).toBe(422);
      expect(violationsOf(ownCode)).toEqual([
        { propertyPath: "code", title: purchaseMessages.referralCodeOwnPlan },
      ]);
      expect(
        await testApp.db.select().from(referrals).where(eq(referrals.referreePlanId, referrersOtherPlan)),
      ).toEqual([]);
    },
  );

  it("is refused on a plan already paid for, or cancelled, and a cancelled plan's code is not recognised", async () => {
    const referrer = await referrerWithCode();
    const paid = await paidPlan(testApp);
    const cancelled = await customerWithPlan();
    await cancel(cancelled.token, cancelled.planId);
    const friendOfCancelled = await customerWithPlan();
    const cancelledReferrer = await referrerWithCode();
    await cancel(cancelledReferrer.token, cancelledReferrer.planId);

    const onPaid = await apply(paid.token, referrer.code, paid.planId);
    const onCancelled = await apply(cancelled.token, referrer.code, cancelled.planId);
    const ofCancelled = await validate(
      friendOfCancelled.token,
      cancelledReferrer.code,
      friendOfCancelled.planId,
    );

    expect(violationsOf(onPaid)).toEqual([
      { propertyPath: "referreePlanId", title: purchaseMessages.referralCodeNotForPaidPlan },
    ]);
    expect(violationsOf(onCancelled)).toEqual([
      { propertyPath: "referreePlanId", title: purchaseMessages.referralCodePlanCancelled },
    ]);
    expect(violationsOf(ofCancelled)).toEqual([
      { propertyPath: "code", title: purchaseMessages.referralCodeNotRecognised },
    ]);
    expect([onPaid.statusCode, onCancelled.statusCode, ofCancelled.statusCode]).toEqual([422, 422, 422]);
  });

  it("asks for a code when none is given, and answers 404 for another customer's plan", async () => {
    const referrer = await referrerWithCode();
    const friend = await customerWithPlan();
    const stranger = await createSignedInCustomer(testApp);

    const empty = await validate(friend.token, "   ", friend.planId);
    const notTheirs = await apply(stranger.token, referrer.code, friend.planId);

    expect(empty.statusCode).toBe(400);
    expect(violationsOf(empty)).toEqual([
      { propertyPath: "code", title: purchaseMessages.referralCodeMissing },
    ]);
    expect(notTheirs.statusCode).toBe(404);
    expect(violationsOf(notTheirs)).toEqual([{ propertyPath: "Request", title: messages.noSuchPlan }]);
    expect(
      await testApp.db.select().from(referrals).where(eq(referrals.referreePlanId, friend.planId)),
    ).toEqual([]);
  });
});

describe("POST /api/referral-code/apply", () => {
  it("puts the code on the plan, which the plan's referral then shows with what it gives", async () => {
    const referrer = await referrerWithCode();
    const friend = await customerWithPlan();

    const response = await apply(friend.token, referrer.code.replaceAll("-", ""), friend.planId);

    expect(response.statusCode, response.body).toBe(200);
    const applied = referralAppliedResponseSchema.parse(response.json());
    expect(applied).toEqual({
      code: referrer.code,
      referreePlanId: friend.planId,
      appliedAt: expect.any(String),
      reward: catalogue.paymentTerms.referral.reward,
      description: catalogue.paymentTerms.referral.description,
    });
    const read = await readReferral(friend.token, friend.planId);
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(planReferralResponseSchema.parse(read.json())).toEqual({
      ownCode: null,
      applied: { code: referrer.code, appliedAt: applied.appliedAt },
      reward: catalogue.paymentTerms.referral.reward,
      description: catalogue.paymentTerms.referral.description,
    });
    // The referrer's own plan is not changed by it.
    const referrersRead = planReferralResponseSchema.parse(
      (await readReferral(referrer.token, referrer.planId)).json(),
    );
    expect(referrersRead).toMatchObject({ ownCode: referrer.code, applied: null });
  });

  it("keeps the first code: the same one again answers as before, a second code is refused", async () => {
    const first = await referrerWithCode();
    const second = await referrerWithCode();
    const friend = await customerWithPlan();
    const applied = await apply(friend.token, first.code, friend.planId);
    expect(applied.statusCode, applied.body).toBe(200);

    const again = await apply(friend.token, first.code.toLowerCase(), friend.planId);
    const another = await apply(friend.token, second.code, friend.planId);
    const anotherChecked = await validate(friend.token, second.code, friend.planId);

    expect(again.statusCode).toBe(200);
    expect(referralAppliedResponseSchema.parse(again.json())).toEqual(
      referralAppliedResponseSchema.parse(applied.json()),
    );
    for (const refused of [another, anotherChecked]) {
      expect(refused.statusCode).toBe(422);
      expect(violationsOf(refused)).toEqual([
        { propertyPath: "code", title: purchaseMessages.referralCodeAlreadyApplied },
      ]);
    }
    const stored = await testApp.db
      .select()
      .from(referrals)
      .where(eq(referrals.referreePlanId, friend.planId));
    expect(stored.map((row) => row.code)).toEqual([first.code]);
  });

  it("stores only the first of two codes written for one plan, as two requests at once would", async () => {
    const first = await referrerWithCode();
    const second = await referrerWithCode();
    const friend = await customerWithPlan();

    const firstWrite = await insertReferralUnlessPresent(testApp.db, friend.planId, first.code);
    const secondWrite = await insertReferralUnlessPresent(testApp.db, friend.planId, second.code);

    expect(firstWrite?.code).toBe(first.code);
    expect(secondWrite).toBeUndefined();
    const refused = await apply(friend.token, second.code, friend.planId);
    expect(violationsOf(refused)).toEqual([
      { propertyPath: "code", title: purchaseMessages.referralCodeAlreadyApplied },
    ]);
  });

  // The referral's unique constraint decides between the two on PostgreSQL.
  it("stores one code when two different codes arrive at the same moment", { tags: ["engine"] }, async () => {
    const first = await referrerWithCode();
    const second = await referrerWithCode();
    const friend = await customerWithPlan();

    const answers = await atOnce([
      apply(friend.token, first.code, friend.planId),
      apply(friend.token, second.code, friend.planId),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const stored = await testApp.db
      .select()
      .from(referrals)
      .where(eq(referrals.referreePlanId, friend.planId));
    expect(stored).toHaveLength(1);
    const winner = answers.find((answer) => answer.statusCode === 200);
    expect(referralAppliedResponseSchema.parse(winner?.json()).code).toBe(stored[0]?.code);
  });

  it("does not ask for the documents to be accepted again: a code changes no price", async () => {
    const referrer = await referrerWithCode();
    const friend = await customerWithPlan();
    const accepted = await callApi(testApp, friend.token, "PUT", `/api/plan/${friend.planId}/legal`, {
      documents: legalDocumentReferences.map((docReference) => ({ docReference, accepted: true })),
    });
    expect(legalDocumentsResponseSchema.parse(accepted.json()).allAccepted).toBe(true);

    expect((await apply(friend.token, referrer.code, friend.planId)).statusCode).toBe(200);

    const legal = await callApi(testApp, friend.token, "GET", `/api/plan/${friend.planId}/legal`);
    const documents = legalDocumentsResponseSchema.parse(legal.json());
    expect(documents.allAccepted).toBe(true);
    const details = documents.documents.find((document) => document.docReference === "plan-details");
    expect(details?.blocks).toContainEqual({ kind: "heading", level: 2, text: "Referral" });
  });
});

describe("who may use referral codes", () => {
  it("needs a signed-in customer to generate, check or apply a code; a visitor's token is refused", async () => {
    const referrer = await referrerWithCode();
    const guestToken = await testApp.requestApplicationToken();
    const guestPlan = await callApi(testApp, guestToken, "POST", "/api/guest/plan", journey);
    const guestPlanId = planResponseSchema.parse(guestPlan.json()).id;

    const answers = [
      await generate(guestToken, guestPlanId),
      await validate(guestToken, referrer.code, guestPlanId),
      await apply(guestToken, referrer.code, guestPlanId),
    ];

    for (const answer of answers) {
      expect(answer.statusCode).toBe(403);
      expect(violationsOf(answer)).toEqual([{ propertyPath: "Request", title: messages.signInToSeeAccount }]);
    }
    expect(
      await testApp.db.select().from(referrals).where(eq(referrals.referreePlanId, guestPlanId)),
    ).toEqual([]);
    expect((await generate(null, referrer.planId)).statusCode).toBe(401);
    expect((await callApi(testApp, null, "GET", `/api/plan/${referrer.planId}/referral`)).statusCode).toBe(
      401,
    );
  });

  it("answers a plan's referral only to its owner", async () => {
    const referrer = await referrerWithCode();
    const stranger = await createSignedInCustomer(testApp);

    const response = await readReferral(stranger.token, referrer.planId);

    expect(response.statusCode).toBe(404);
    expect(violationsOf(response)).toEqual([{ propertyPath: "Request", title: messages.noSuchPlan }]);
  });
});

describe("checking codes from one address", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ REFERRAL_CHECKS_PER_ADDRESS_PER_MINUTE: 3 });
  });
  afterAll(() => limited.close());

  it("is limited per minute across checking and applying, while other calls and addresses are served", async () => {
    const customer = await createSignedInCustomer(limited);
    const created = await callApi(limited, customer.token, "POST", "/api/plan", journey);
    const planId = planResponseSchema.parse(created.json()).id;
    const address = uniqueAddress();
    const check = (url: string, from: string) =>
      callApi(limited, customer.token, "POST", url, { code: "KIND-2345-67", referreePlanId: planId }, from);

    const allowed = [
      await check("/api/referral-code/validate", address),
      await check("/api/referral-code/apply", address),
      await check("/api/referral-code/validate", address),
    ];
    const refused = await check("/api/referral-code/apply", address);
    const otherCall = await callApi(
      limited,
      customer.token,
      "GET",
      `/api/plan/${planId}/referral`,
      undefined,
      address,
    );
    const elsewhere = await check("/api/referral-code/validate", uniqueAddress());

    expect(allowed.map((answer) => answer.statusCode)).toEqual([422, 422, 422]);
    expect(refused.statusCode).toBe(429);
    expect(violationsOf(refused)[0]?.title).toBe(messages.tooManyRequests);
    expect(otherCall.statusCode).toBe(200);
    expect(elsewhere.statusCode).toBe(422);
  });
});

describe("the plan details document", () => {
  it("shows the referral code applied to the plan and what it gives; without one, no such section", async () => {
    const referrer = await referrerWithCode();
    const friend = await customerWithPlan();
    const pdfText = async () => {
      const response = await testApp.app.inject({
        method: "GET",
        url: `/api/plan/${friend.planId}/document/detail`,
        headers: { authorization: `Bearer ${friend.token}`, accept: "application/pdf" },
      });
      expect(response.statusCode).toBe(200);
      return (await readPdf(new Uint8Array(response.rawPayload))).text;
    };
    const before = await pdfText();
    expect((await apply(friend.token, referrer.code, friend.planId)).statusCode).toBe(200);

    const after = await pdfText();

    expect(before).not.toContain("Referral");
    expect(before).not.toContain(referrer.code);
    expect(after).toContain(`Referral You used the referral code ${referrer.code} for this plan.`);
    expect(after).toContain(catalogue.paymentTerms.referral.description);
    // The summary stays as it was: one page, and the code is not one of the plan's choices.
    const summary = await testApp.app.inject({
      method: "GET",
      url: `/api/plan/${friend.planId}/document/summary`,
      headers: { authorization: `Bearer ${friend.token}`, accept: "application/pdf" },
    });
    expect((await readPdf(new Uint8Array(summary.rawPayload))).text).not.toContain(referrer.code);
  });
});
