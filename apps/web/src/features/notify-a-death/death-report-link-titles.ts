/**
 * Each link's page title, as its heading says it: a plain module, read by the server's page
 * metadata and by the client screen alike (a value imported from a "use client" module is a
 * reference on the server, not the value).
 */
export const deathReportLinkTitles = {
  confirm: "Confirm that they have died",
  "not-right": "Tell us this is not right",
} as const;
