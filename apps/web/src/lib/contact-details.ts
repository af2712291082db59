/** How people reach us by phone; shown on every page for those who would rather talk. */
export const supportPhone = {
  display: "0808 157 0192",
  /** For `tel:` links, in international form so it works from any phone. */
  dial: "+448081570192",
  hours: "Monday to Friday, 9am to 5.30pm",
} as const;
