import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { NomineeFields, PlanOptionsResponse, PlanPaymentsResponse } from "@kindred/contracts";
import { legalDocumentReferences } from "@kindred/domain";
import { expect } from "./fixtures";
import { comeBackToPayForAnAttendedCremation, type Buyer } from "./purchase-support";

/**
 * Plans put where a test's subject starts, through the API as the customer's own browser would
 * (issue 44): a test about what happens once a plan is paid for does not walk the journey or the
 * payment screens to get there. The journey's and the payment's own specs walk them.
 */

/** A request as the signed-in customer, with a fresh Idempotency-Key; answers the JSON body. */
async function asCustomer(
  api: APIRequestContext,
  token: string,
  method: "GET" | "POST" | "PUT",
  url: string,
  data?: object,
): Promise<unknown> {
  const answer = await api.fetch(url, {
    method,
    data,
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
  });
  expect(answer.ok(), `${method} ${url}: ${await answer.text()}`).toBe(true);
  return answer.json() as Promise<unknown>;
}

/** Everything about paying for the plan, as the customer's account reads it. */
export async function paymentsAsCustomer(
  api: APIRequestContext,
  token: string,
  planId: string,
): Promise<PlanPaymentsResponse> {
  return (await asCustomer(api, token, "GET", `/api/plan/${planId}/payments`)) as PlanPaymentsResponse;
}

/** The sandbox's Direct Debit accounts: one whose collections are all taken, one whose all fail. */
export const sandboxAccounts = { collects: "55779911", failsEveryCollection: "55779922" } as const;

/**
 * A plan paying by instalments: the deposit paid by card and the rest by Direct Debit, the
 * mandate active, as the payment screens leave it (payment.spec.ts walks them). The customer is
 * signed in on `page` (on their account, in the state `comeBackToPayForAnAttendedCremation` leaves
 * it); answers what that answers and the customer's token, for more requests as them.
 */
export async function planPayingByDirectDebit(
  page: Page,
  catalogue: PlanOptionsResponse,
  buyer: Buyer,
  {
    deposit,
    months,
    account = sandboxAccounts.collects,
    nominee = null,
  }: { deposit: number; months: number; account?: string; nominee?: NomineeFields | null },
) {
  const ready = await comeBackToPayForAnAttendedCremation(page, catalogue, buyer, { nominee });
  const { planId } = ready;
  const token = JSON.parse((await page.evaluate(() => localStorage.getItem("token"))) ?? "null") as string;
  const api = page.request;
  await asCustomer(api, token, "PUT", `/api/plan/${planId}/payment-choice`, {
    option: "deposit",
    deposit,
    months,
  });
  await asCustomer(api, token, "POST", "/api/direct-debit-v2/create", {
    planId,
    accountHolderName: `${buyer.firstName} ${buyer.lastName}`,
    sortCode: "200000",
    accountNumber: account,
    isSoleSignatory: true,
  });
  // The documents say how the plan is paid for, so they are accepted again for this way of paying.
  await asCustomer(api, token, "PUT", `/api/plan/${planId}/legal`, {
    documents: legalDocumentReferences.map((docReference) => ({ docReference, accepted: true })),
  });
  const card = (await asCustomer(api, token, "POST", "/api/payments/create", {
    planId,
    paymentOption: "deposit",
  })) as { providerPaymentId: string; clientSecret: string };
  await asCustomer(
    api,
    token,
    "POST",
    `/api/sandbox-provider/card-payments/${card.providerPaymentId}/confirm`,
    {
      clientSecret: card.clientSecret,
      cardNumber: "4242424242424242",
      expiry: "04/39",
      securityCode: "123",
    },
  );
  // The provider's answers arrive by webhook: the deposit taken and the mandate active.
  await expect
    .poll(async () => {
      const now = (await asCustomer(
        api,
        token,
        "GET",
        `/api/plan/${planId}/payments`,
      )) as PlanPaymentsResponse;
      return [now.payments.some((payment) => payment.completed), now.directDebit?.status];
    })
    .toEqual([true, "active"]);
  return { ...ready, token };
}
