import { QueryClientProvider } from "@tanstack/react-query";
import { render, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { ReactElement } from "react";
import { monthNames, staffPermissions, type StaffRole } from "@kindred/domain";
import { makeQueryClient } from "../lib/query-provider";

/** Renders a back-office screen with a fresh query client, as each page load has. */
export function renderStaffScreen(screen: ReactElement) {
  return render(<QueryClientProvider client={makeQueryClient()}>{screen}</QueryClientProvider>);
}

/** This tab holds a staff token, as it does after signing in. */
export function holdStaffToken(token = "staff-token"): void {
  window.sessionStorage.setItem("staffSession", JSON.stringify({ token, expiresAt: Date.now() + 3_600_000 }));
}

/** `GET /api/staff/me`'s answer for a member with `role`. */
export function signedInStaff(role: StaffRole) {
  return {
    id: "0b7f6a52-4c1e-4d8a-9f3b-2e6c5a7d8e91",
    name: role === "administrator" ? "Ada Admin" : "Alan Agent",
    email: role === "administrator" ? "ada@kindred.example" : "alan@kindred.example",
    role,
    permissions: Object.entries(staffPermissions)
      .filter(([, roles]) => (roles as readonly StaffRole[]).includes(role))
      .map(([permission]) => permission),
  };
}

/** The day, month and year boxes of the date field named `legend` inside `container`. */
export function dateParts(container: HTMLElement, legend: string) {
  const group = within(container).getByRole("group", { name: legend });
  return {
    day: within(group).getByLabelText("Day"),
    month: within(group).getByLabelText("Month"),
    year: within(group).getByLabelText("Year"),
  };
}

/** Types an ISO day ("2027-01-04") into the date field named `legend`, as a person would: 4, January, 2027. */
export async function typeDay(user: UserEvent, container: HTMLElement, legend: string, iso: string) {
  const { day, month, year } = dateParts(container, legend);
  const [yearTyped, monthTyped, dayTyped] = iso.split("-");
  await user.clear(day);
  await user.type(day, String(Number(dayTyped)));
  await user.selectOptions(month, monthNames[Number(monthTyped) - 1]!);
  await user.clear(year);
  await user.type(year, yearTyped!);
}
