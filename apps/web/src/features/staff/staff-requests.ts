import type {
  AcceptStaffInvitationBody,
  AtNeedCaseAction,
  CloseAtNeedCaseBody,
  MatchAtNeedCaseBody,
  ArrearsOutcomeBody,
  arrearsOutcomeSchema,
  enquiryFollowedUpSchema,
  InviteStaffMemberBody,
  MoveAtNeedCaseBody,
  StaffMember,
  staffAppointmentsPageSchema,
  staffAtNeedCasesPageSchema,
  staffEnquiriesPageSchema,
  staffMissedPaymentsPageSchema,
  staffDirectDebitsEndedPageSchema,
  staffRefundSchema,
  staffRefundsPageSchema,
  signedInStaffSchema,
  staffAuditPageSchema,
  StaffAuditQuery,
  staffEnrolmentSchema,
  staffPlanSearchResponseSchema,
  StaffRefundTransferBody,
} from "@kindred/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { invitationData, staffData } from "./staff-session";

/** The back office's calls (docs/decisions/031-staff-back-office.md), as packages/contracts shapes them. */

export type SignedInStaff = z.infer<typeof signedInStaffSchema>;
export type StaffEnrolment = z.infer<typeof staffEnrolmentSchema>;
export type StaffPlanSearchPage = z.infer<typeof staffPlanSearchResponseSchema>;
export type StaffPlanSearchResult = StaffPlanSearchPage["results"][number];
export type StaffAuditPage = z.infer<typeof staffAuditPageSchema>;
/** The audit log's filters, as `GET /api/staff/audit` takes them (all but the page). */
export type StaffAuditFilters = Partial<
  Pick<StaffAuditQuery, "who" | "action" | "plan" | "from" | "to" | "ownAccountReads">
>;
export type StaffRefund = z.infer<typeof staffRefundSchema>;
type StaffArrearsOutcome = z.infer<typeof arrearsOutcomeSchema>;
type StaffEnquiryFollowedUp = z.infer<typeof enquiryFollowedUpSchema>;

/** Each work queue's page, by its name in the API's address (`/api/staff/queues/<name>`). */
export interface StaffQueuePages {
  refunds: z.infer<typeof staffRefundsPageSchema>;
  "missed-payments": z.infer<typeof staffMissedPaymentsPageSchema>;
  "direct-debits-ended": z.infer<typeof staffDirectDebitsEndedPageSchema>;
  appointments: z.infer<typeof staffAppointmentsPageSchema>;
  "at-need-cases": z.infer<typeof staffAtNeedCasesPageSchema>;
  enquiries: z.infer<typeof staffEnquiriesPageSchema>;
}
export type StaffQueueName = keyof StaffQueuePages;

export const staffQueries = {
  /** Who is signed in, and what their role lets them do. */
  me: () =>
    queryOptions({
      queryKey: ["staff", "me"],
      queryFn: () => staffData<SignedInStaff>("/api/staff/me"),
      staleTime: Infinity,
    }),
  /** One page of plans found by `q` (`after` is the page's start, from the page before). */
  planSearch: (q: string, after: string | null) =>
    queryOptions({
      queryKey: ["staff", "plans", q, after],
      queryFn: () => {
        const query = new URLSearchParams({ q });
        if (after !== null) query.set("after", after);
        return staffData<StaffPlanSearchPage>(`/api/staff/plans?${query.toString()}`);
      },
      // Each search is recorded as it is made: the page shown is the one asked for now.
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  members: () =>
    queryOptions({
      queryKey: ["staff", "members"],
      queryFn: () => staffData<{ members: StaffMember[] }>("/api/staff/members"),
      staleTime: 0,
    }),
  /**
   * A page of the audit log, newest first, from just before `before` (the start when null), with
   * the filters chosen (issue 50 item 13): only those given are sent.
   */
  audit: (before: number | null, filters: StaffAuditFilters = {}) =>
    queryOptions({
      queryKey: ["staff", "audit", before, filters],
      queryFn: () => {
        const query = new URLSearchParams();
        if (before !== null) query.set("before", String(before));
        for (const [name, value] of Object.entries(filters)) {
          if (value !== undefined && value !== "") query.set(name, value);
        }
        const asked = query.toString();
        return staffData<StaffAuditPage>(`/api/staff/audit${asked === "" ? "" : `?${asked}`}`);
      },
      staleTime: 0,
    }),
  /**
   * A page of a work queue, soonest deadline first (each look is recorded, so never kept), with
   * the queue's filters, if it has any (the at-need queue's stage and age).
   */
  queue: <Name extends StaffQueueName>(name: Name, page: number, filters: Record<string, string> = {}) =>
    queryOptions({
      queryKey: ["staff", "queues", name, page, filters],
      queryFn: () =>
        staffData<StaffQueuePages[Name]>(
          `/api/staff/queues/${name}?${new URLSearchParams({ page: String(page), ...filters }).toString()}`,
        ),
      staleTime: 0,
    }),
  /**
   * Opening an invitation: asked once and kept (never retried or refetched), as the customer's
   * one-time links are, so a remount does not ask again.
   */
  invitation: (token: string) =>
    queryOptions({
      queryKey: ["staff", "invitation", token],
      queryFn: () => invitationData<StaffEnrolment>("/api/staff/invitation/open", { token }),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};

export function acceptInvitation(body: AcceptStaffInvitationBody): Promise<null> {
  return invitationData<null>("/api/staff/invitation/accept", body);
}

export function inviteStaffMember(body: InviteStaffMemberBody): Promise<{ id: string }> {
  return staffData<{ id: string }>("/api/staff/members", { method: "POST", body });
}

/**
 * An administrator changes who may use the back office: `disable` ends a member's access (or
 * withdraws their invitation), `enable` lets them in again, `invitation` sends a new link.
 */
export function changeMemberAccess(id: string, change: "disable" | "enable" | "invitation"): Promise<null> {
  return staffData<null>(`/api/staff/members/${encodeURIComponent(id)}/${change}`, { method: "POST" });
}

/** Sends a refund the provider's call gave up on to the provider again (finance). */
export function sendRefundAgain(refundId: string): Promise<StaffRefund> {
  return staffData<StaffRefund>(`/api/staff/refunds/${encodeURIComponent(refundId)}/send-again`, {
    method: "POST",
  });
}

/** Records a refund that failed at the provider as repaid by bank transfer, with its reference (finance). */
export function recordRefundPaidByTransfer(
  refundId: string,
  body: StaffRefundTransferBody,
): Promise<StaffRefund> {
  return staffData<StaffRefund>(`/api/staff/refunds/${encodeURIComponent(refundId)}/paid-by-transfer`, {
    method: "POST",
    body,
  });
}

/** Moves a funeral on one step, with a note of what was done. */
export function moveAtNeedCase(caseId: string, body: MoveAtNeedCaseBody): Promise<unknown> {
  return staffData<unknown>(`/api/staff/at-need-cases/${encodeURIComponent(caseId)}/status`, {
    method: "POST",
    body,
  });
}

/** Matches a report of a death that matched no plan to the plan staff found: it is then reported. */
export function matchAtNeedCase(caseId: string, body: MatchAtNeedCaseBody): Promise<AtNeedCaseAction> {
  return staffData<AtNeedCaseAction>(`/api/staff/at-need-cases/${encodeURIComponent(caseId)}/match`, {
    method: "POST",
    body,
  });
}

/** Closes a report of a death that matched no plan as not one of ours, with the reason. */
export function closeAtNeedCase(caseId: string, body: CloseAtNeedCaseBody): Promise<AtNeedCaseAction> {
  return staffData<AtNeedCaseAction>(`/api/staff/at-need-cases/${encodeURIComponent(caseId)}/close`, {
    method: "POST",
    body,
  });
}

/** Records how a missed-payments case ended (finance): settled, a new arrangement, or cancelled with a refund. */
export function recordArrearsOutcome(
  statementId: string,
  body: ArrearsOutcomeBody,
): Promise<StaffArrearsOutcome> {
  return staffData<StaffArrearsOutcome>(
    `/api/staff/missed-payments/${encodeURIComponent(statementId)}/outcome`,
    { method: "POST", body },
  );
}

/** Marks a free guide enquiry followed up (once; asked again, the API says it already was). */
export function markEnquiryFollowedUp(enquiryId: string): Promise<StaffEnquiryFollowedUp> {
  return staffData<StaffEnquiryFollowedUp>(
    `/api/staff/enquiries/${encodeURIComponent(enquiryId)}/followed-up`,
    { method: "POST" },
  );
}
