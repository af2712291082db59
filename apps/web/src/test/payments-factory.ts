import { endOfTheFirstMonths } from "@kindred/domain";
import type {
  CreateDirectDebitResponse,
  DirectDebitResponse,
  PaymentResponse,
  PlanPaymentsResponse,
  PlanResponse,
} from "@kindred/contracts";

/** Payment answers as the API gives them (packages/contracts/src/payments.ts); override what a test is about. */

export const testPlanId = "5d2c8f0e-3b1a-4c7e-9f6d-2a8b4c6e0f11";
/** The plan's short reference (decision 045), as every screen shows it. */
export const testPlanReference = "KND-7Q4M-2HX9";
export const testPaymentId = "8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b";

export function createPlanPayments(overrides: Partial<PlanPaymentsResponse> = {}): PlanPaymentsResponse {
  return {
    planId: testPlanId,
    planReference: testPlanReference,
    state: "ready_to_pay",
    paid: false,
    choice: null,
    schedule: null,
    payments: [],
    directDebit: null,
    collections: [],
    collected: 0,
    missedPayments: 0,
    arrears: null,
    cancelledAt: null,
    // Owed only once a Direct Debit stands and the deposit is not yet paid.
    depositOwed: null,
    // Only once a Direct Debit ended before the plan was paid.
    paymentsStopped: null,
    refunded: 0,
    refundOwed: 0,
    // Not bought yet: nothing to say about a death until it is.
    whenTheTimeComes: null,
    // Appointed when the plan is bought.
    funeralDirector: null,
    // Until we are told of a death.
    funeral: null,
    ...overrides,
  };
}

/**
 * What a bought plan's payments say for the rule at a death: the day it was bought, the
 * catalogue's first months then (24 unless told) and the day they are over, as the API works it out.
 */
export function boughtPlanTimes(
  boughtOn: string,
  moratoriumMonths = 24,
): NonNullable<PlanPaymentsResponse["whenTheTimeComes"]> {
  return { boughtOn, moratoriumMonths, firstMonthsEndOn: endOfTheFirstMonths(boughtOn, moratoriumMonths) };
}

/** A plan of £4,123.45 its person chose to pay in full. */
export function fullChoicePayments(overrides: Partial<PlanPaymentsResponse> = {}): PlanPaymentsResponse {
  return createPlanPayments({
    choice: { option: "full" },
    schedule: {
      option: "full",
      planPrice: 412_345,
      payNow: 412_345,
      instalmentCharge: 0,
      instalments: [],
      totalPayable: 412_345,
    },
    ...overrides,
  });
}

/** The same plan with a £500 deposit and 12 monthly payments from 15 June 2026. */
export function depositChoicePayments(overrides: Partial<PlanPaymentsResponse> = {}): PlanPaymentsResponse {
  const months = 12;
  const owed = 412_345 - 50_000;
  const monthly = Math.floor(owed / months);
  return createPlanPayments({
    choice: { option: "deposit", deposit: 50_000, months },
    schedule: {
      option: "deposit",
      planPrice: 412_345,
      payNow: 50_000,
      instalmentCharge: 0,
      instalments: Array.from({ length: months }, (_, index) => ({
        number: index + 1,
        date: `${index < 7 ? 2026 : 2027}-${String(((5 + index) % 12) + 1).padStart(2, "0")}-15`,
        amount: index === 0 ? owed - monthly * (months - 1) : monthly,
      })),
      totalPayable: 412_345,
    },
    ...overrides,
  });
}

export function createPayment(overrides: Partial<PaymentResponse> = {}): PaymentResponse {
  return {
    id: testPaymentId,
    planId: testPlanId,
    paymentOption: "full",
    amount: 412_345,
    status: "pending",
    completed: false,
    provider: "sandbox",
    clientSecret: "sandbox_secret_0001",
    providerPaymentId: "sandbox_pay_0001",
    failureReason: null,
    createdAt: "2026-06-01T09:00:00.000Z",
    ...overrides,
  };
}

export function createDirectDebit(overrides: Partial<DirectDebitResponse> = {}): DirectDebitResponse {
  return {
    reference: testPlanReference,
    status: "pending_submission",
    accountHolderName: "Margaret Hughes",
    sortCode: "20-00-00",
    accountNumberEnding: "9911",
    createdAt: "2026-06-01T09:00:00.000Z",
    ...overrides,
  };
}

export function createdDirectDebitAnswer(): CreateDirectDebitResponse {
  return {
    directDebit: createDirectDebit(),
    firstCollection: { date: "2026-06-15", amount: 30_200 },
    instalments: 12,
  };
}

/** A saved plan as `GET /api/plan/{id}` answers it, priced at £4,123.45 unless told. */
export function createPlanResponse(overrides: Partial<PlanResponse> = {}): PlanResponse {
  return {
    id: testPlanId,
    reference: testPlanReference,
    saveUnfinishedJourney: false,
    journey: {},
    planningJourneyData: null,
    priceData: { funeralAttendance: 295_000, coffin: 117_345 },
    price: { basic: 295_000, additional: 117_345, contributions: 0, total: 412_345 },
    sections: [
      {
        key: "funeralAttendance",
        step: "attendance",
        title: "Type of funeral",
        answer: "Attended funeral",
        price: 295_000,
        guaranteed: true,
      },
      {
        key: "coffin",
        step: "coffin",
        title: "Coffin",
        answer: "Willow coffin",
        price: 117_345,
        guaranteed: true,
      },
    ],
    priceChange: null,
    createdAt: "2026-05-01T10:00:00.000Z",
    updatedAt: "2026-05-20T10:00:00.000Z",
    version: 3,
    ...overrides,
  };
}
