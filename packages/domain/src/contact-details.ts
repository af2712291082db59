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
 * The line for telling us of a death, answered day and night (issue 23 item 4): a number of its
 * own, apart from the plan line's office hours.
 */
export const atNeedPhone = {
  display: "0808 157 0911",
  dial: "+448081570911",
  hours: "24 hours a day, every day of the year",
} as const;
