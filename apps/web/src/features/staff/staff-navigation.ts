/** The back office's addresses (docs/decisions/031-staff-back-office.md). */
export const staffPaths = {
  home: "/staff",
  signIn: "/staff/sign-in",
  /** Sign-in, saying the person was signed out (idle 15 minutes, or signed out everywhere). */
  signedOut: "/staff/sign-in?signed-out=1",
  members: "/staff/members",
  audit: "/staff/audit",
  /** The work queues the member's role opens; each queue is `/staff/queues/<name>`. */
  queues: "/staff/queues",
  /** Options and their prices, with the changes to come (administrators). */
  catalogue: "/staff/catalogue",
  /** Every catalogue and branch change made, newest first. */
  catalogueChanges: "/staff/catalogue/changes",
  branches: "/staff/branches",
  /** A plan's page: `/staff/plans/<planId>`. */
  plan: (planId: string) => `/staff/plans/${encodeURIComponent(planId)}`,
} as const;

/**
 * Loads `path` afresh: signing in or out starts a new page, so nothing of the last person's
 * answers stays in memory (decision 006's rule, for staff too). Its own module so tests can watch it.
 */
export function loadPage(path: string): void {
  window.location.assign(path);
}
