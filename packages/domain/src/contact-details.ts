/**
 * How people reach us by phone, the one place it is written: shown on every page for those who
 * would rather talk, in every email, and in the plan's continuity statement (SPEC.md section 9).
 */
export const supportPhone = {
  display: "0808 157 0192",
  /** For `tel:` links, in international form so it works from any phone. */
  dial: "+448081570192",
  hours: "Monday to Friday, 9am to 5.30pm",
} as const;

/**
 * The plan continuity promise (SPEC.md section 9): cancellation at any time, no fee, a full
 * refund, with the number to call. Every page, email and document that states it uses these words.
 */
export const continuityStatement = {
  headline: "Cancel at any time, with a full refund",
  text: `You can cancel your plan at any time. There is no fee, and we refund everything you have paid. Call us on ${supportPhone.display} and we will take care of it.`,
} as const;
