import type { SandboxCardAnswer, Violation } from "@kindred/contracts";

/**
 * What the payment page asks of a card provider's fields, whoever's they are (the embedded
 * sandbox's, or Stripe's): the card details never leave them except to the provider itself.
 */

/** What the provider needs to finish one payment: from `POST /api/payments/create`. */
export interface CardSession {
  providerPaymentId: string;
  clientSecret: string;
}

export type CardAnswer =
  /** The provider's answer: taken for processing, the bank's extra step, or declined. */
  | SandboxCardAnswer
  /** The card details were not right; what is wrong is shown in or under the fields. */
  | { status: "invalid" }
  /** The provider could not be asked, or refused the request itself. */
  | { status: "failed"; violations: Violation[] };

export interface CardFieldsHandle {
  /**
   * Checks the details are complete before any payment is opened; false when something is
   * missing or wrong (the fields say what).
   */
  prepare: () => Promise<boolean>;
  /** Pays the opened payment with the details in the fields. */
  confirm: (session: CardSession) => Promise<CardAnswer>;
  /**
   * The bank's extra step, for providers that leave it to the page (the sandbox). Stripe's fields
   * show the bank's step themselves, within `confirm`.
   */
  authenticate?: (session: CardSession, approve: boolean) => Promise<CardAnswer>;
}
