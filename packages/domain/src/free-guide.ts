/**
 * The free guide (SPEC.md sections 2 and 3; docs/decisions/019-free-guide.md): a PDF anyone may
 * ask for by email, or download, about the choices a funeral involves, what they cost and how
 * prepaid plans are protected.
 */
export const freeGuide = {
  title: "Planning a funeral: your free guide",
  fileName: "kindred-funeral-guide.pdf",
  largePrintFileName: "kindred-funeral-guide-large-print.pdf",
  /** Where the API serves it, to anyone, with no token. */
  apiPath: "/api/enquiries/free-guide.pdf",
  /** Where the site offers it for download (forwarded to the API). */
  webPath: "/free-guide/kindred-funeral-guide.pdf",
} as const;

/**
 * The guide is emailed once a day at most to one address: a second request within this many
 * hours is kept, but sends nothing more.
 */
export const freeGuideResendHours = 24;

/**
 * The campaign a visitor came from, as the landing page's address carries it (`utm_source` and
 * the rest): kept in the browser as `freeGuideUTMParams` and sent with the enquiry.
 */
export const utmParamNames = ["source", "medium", "campaign", "term", "content"] as const;
export type UtmParamName = (typeof utmParamNames)[number];

/** The longest value of one UTM parameter that is kept; a longer one is cut to this. */
export const utmParamMaximumLength = 200;
