import type { StaffQueueName } from "./staff-requests";

/**
 * The work queues (issue 24 item 5; docs/decisions/031-staff-back-office.md): what needs doing,
 * soonest deadline first, each with its deadline and how it is worked out, in words. Each queue
 * needs its own permission (the API checks it again): an agent has no refunds or missed payments.
 */
export const staffQueueScreens = {
  refunds: { title: "Refunds due", api: "refunds", needs: "money.refunds" },
  "missed-payments": { title: "Missed payments", api: "missed-payments", needs: "money.missed-payments" },
  "direct-debits-ended": {
    title: "Direct Debits ended",
    api: "direct-debits-ended",
    needs: "money.missed-payments",
  },
  appointments: { title: "Funeral directors to appoint", api: "appointments", needs: "plans.read" },
  "at-need": { title: "Deaths told to us", api: "at-need-cases", needs: "plans.read" },
  enquiries: { title: "Guide enquiries to follow up", api: "enquiries", needs: "plans.read" },
} as const satisfies Record<string, { title: string; api: StaffQueueName; needs: string }>;
export type StaffQueueScreenName = keyof typeof staffQueueScreens;

export function isStaffQueueScreenName(name: string): name is StaffQueueScreenName {
  return Object.hasOwn(staffQueueScreens, name);
}
