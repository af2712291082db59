import type {
  CustomerContactDetailsBody,
  StaffPlanPage,
  StaffPlanPeople,
  StaffPlanResendBody,
  staffPlanCircumstancesSchema,
} from "@kindred/contracts";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { staffData } from "./staff-session";

/** A plan's page in the back office and what an agent does on it (docs/decisions/031-staff-back-office.md). */

export type StaffPlanCircumstances = z.infer<typeof staffPlanCircumstancesSchema>;

const planPath = (planId: string) => `/api/staff/plans/${encodeURIComponent(planId)}`;

/** `GET /api/staff/plans/{planId}`: read afresh each time (each reading is recorded). */
export const staffPlanQuery = (planId: string) =>
  queryOptions({
    queryKey: ["staff", "plan", planId],
    queryFn: () => staffData<StaffPlanPage>(planPath(planId)),
    staleTime: 0,
    retry: false,
  });

/** The customer's answers about their circumstances, only if they agreed to share them (recorded). */
export function showCircumstances(planId: string): Promise<StaffPlanCircumstances> {
  return staffData<StaffPlanCircumstances>(`${planPath(planId)}/circumstances/show`, { method: "POST" });
}

export function addPlanNote(planId: string, text: string): Promise<{ id: string; createdAt: string }> {
  return staffData(`${planPath(planId)}/notes`, { method: "POST", body: { text } });
}

/** Changes the customer's contact details over the version of the people the page showed (If-Match). */
export function changeContactDetails(
  planId: string,
  version: string,
  contact: CustomerContactDetailsBody,
): Promise<StaffPlanPeople> {
  return staffData<StaffPlanPeople>(`${planPath(planId)}/contact-details`, {
    method: "PUT",
    body: contact,
    ifMatch: `"${version}"`,
  });
}

export function resendPlanEmail(
  planId: string,
  what: StaffPlanResendBody["what"],
): Promise<StaffPlanResendBody> {
  return staffData<StaffPlanResendBody>(`${planPath(planId)}/resend`, { method: "POST", body: { what } });
}
