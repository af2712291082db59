import { staffRoleNames, type StaffRole } from "@kindred/domain";
import type { StaffPlanSearchResult } from "./staff-requests";

/** How the back office names things to staff. */

export function roleName(role: StaffRole): string {
  return staffRoleNames[role];
}

export const planStatusNames: Record<StaffPlanSearchResult["status"], string> = {
  unfinished: "Not finished",
  bought: "Bought",
  cancelled: "Cancelled",
  funeral_requested: "Funeral requested",
};

export const memberStatusNames = {
  invited: "Invited",
  active: "Active",
  disabled: "Disabled",
} as const;

const dateAndTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "Europe/London",
});

/** "27 Nov 2026, 18:20:46", London time: when something in the audit log happened. */
export function formatMoment(iso: string): string {
  return dateAndTime.format(new Date(iso));
}
