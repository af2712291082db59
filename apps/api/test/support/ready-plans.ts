import { planResponseSchema, type JourneyDataPayload, type PlanPeopleFields } from "@kindred/contracts";
import { legalDocumentReferences } from "@kindred/domain";
import { expect } from "vitest";
import { sandboxCards } from "../../src/modules/payments";
import { apiUrlOfLink, callApi, signIn } from "./customers";
import { catalogueAndBranch, fullJourney } from "./journeys";
import { choosePayment, payByCard, paymentsOf, setUpDirectDebit, settlePayments } from "./paying";
import { customerGuestDetails } from "./people";
import type { TestApp } from "./test-app";

/**
 * A plan that may be paid for, as a visitor gets there: a finished journey, the six documents
 * accepted, an account made with the customer's details (with `customer`'s changes, and the
 * person covered or nominee in `others`), its email address confirmed.
 */
export async function readyPlan(
  testApp: TestApp,
  journey?: JourneyDataPayload,
  customer: Parameters<typeof customerGuestDetails>[0] = {},
  others: Partial<Pick<PlanPeopleFields, "coveredPerson" | "nominee">> = {},
) {
  const guestToken = await testApp.requestApplicationToken();
  const { catalogue, branch } = await catalogueAndBranch(testApp, guestToken);
  const planJourney = journey ?? fullJourney(catalogue, branch.id);
  const planned = await callApi(testApp, guestToken, "POST", "/api/guest/plan", planJourney);
  expect(planned.statusCode, planned.body).toBe(201);
  const plan = planResponseSchema.parse(planned.json());
  const accepted = await callApi(testApp, guestToken, "PUT", `/api/plan/${plan.id}/legal`, {
    documents: legalDocumentReferences.map((docReference) => ({ docReference, accepted: true })),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const details = { ...customerGuestDetails(customer), ...others };
  const created = await callApi(testApp, guestToken, "POST", `/api/plan/${plan.id}/customer-guest`, details);
  expect(created.statusCode, created.body).toBe(202);
  const email = details.customer.email.toLowerCase();
  const confirmation = (await testApp.readOutbox()).find((message) => message.to === email);
  const link = confirmation?.text.split(/\s+/).find((word) => word.includes("/account/confirm-email?"));
  expect((await callApi(testApp, guestToken, "GET", apiUrlOfLink(link ?? ""))).statusCode).toBe(200);
  const token = await signIn(testApp, details.customer.email);
  return { planId: plan.id, price: plan.price.total, token, email, catalogue, journey: planJourney };
}

/**
 * A plan ready to pay (as `readyPlan`), paid in full by the sandbox's test card through the
 * payments API, once the sandbox's confirmation has been delivered: paid as SPEC.md section 4 says.
 */
export async function paidPlan(testApp: TestApp) {
  const ready = await readyPlan(testApp);
  await choosePayment(testApp, ready.token, ready.planId, { option: "full" });
  const { answer } = await payByCard(testApp, ready.token, ready.planId, "full", sandboxCards.succeeds);
  expect(answer.status).toBe("processing");
  return ready;
}

/**
 * A plan ready to pay (as `readyPlan`), paying by a deposit of £250 by card and a Direct Debit
 * over 12 months, set up with the sandbox's account that collects, with its first `collected`
 * collections taken (through the sandbox's own API) and settled. `before` is its payments as
 * they read once the Direct Debit was set up.
 */
export async function payingByInstalments(testApp: TestApp, { collected = 0 } = {}) {
  const ready = await readyPlan(testApp);
  const choice = { option: "deposit", deposit: 25_000, months: 12 } as const;
  await choosePayment(testApp, ready.token, ready.planId, choice);
  await payByCard(testApp, ready.token, ready.planId, "deposit", sandboxCards.succeeds);
  await setUpDirectDebit(testApp, ready.token, ready.planId);
  const before = await paymentsOf(testApp, ready.token, ready.planId);
  if (collected > 0) {
    const taken = await callApi(testApp, ready.token, "POST", "/api/sandbox-provider/collections", {
      planId: ready.planId,
      until: before.collections[collected - 1]!.date,
    });
    expect(taken.json()).toEqual({ taken: collected });
    await settlePayments(testApp);
  }
  return { ...ready, choice, before };
}
