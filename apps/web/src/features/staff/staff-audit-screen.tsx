"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadingSpinner } from "../../components/loading-spinner";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { SignedInStaffPage } from "./signed-in-staff-page";
import { staffPaths } from "./staff-navigation";
import { AuditFilters } from "./audit-filters";
import { staffQueries, type StaffAuditFilters, type StaffAuditPage } from "./staff-requests";
import { formatMoment } from "./staff-words";
import styles from "./staff.module.css";

/** /staff/audit (administrators): who saw or did what, newest first, a page at a time. */
export function StaffAuditScreen() {
  return (
    <SignedInStaffPage page="audit" title="Audit log" needs="audit.read">
      {() => <AuditLog />}
    </SignedInStaffPage>
  );
}

/** The detail of an entry, as short "key: value" pairs (it never holds the personal data itself). */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join("; ");
}

type AuditEvent = StaffAuditPage["events"][number];

/** Who did it: a member of staff, or, for a refused sign-in, whoever typed the address. */
function whoDidIt(event: AuditEvent): string {
  return event.staffMemberName ?? "Someone (not signed in)";
}

/** What was done or tried: a refusal says so first, and a refused sign-in names the account tried. */
function whatWasDone(event: AuditEvent): string {
  const account = event.attemptedAccountName ?? "an address that is not a member of staff's";
  const { operation } = event.detail;
  switch (event.action) {
    case "request.refused":
      return `Refused: ${typeof operation === "string" ? operation : "a request"}`;
    case "staff.sign-in-refused":
      return `Refused: sign-in as ${account}`;
    case "staff.sign-in-slowed":
      return `Refused: sign-in as ${account}, asked to wait after too many tries`;
    // Entries from before sign-in was slowed rather than locked (decision 038).
    case "staff.locked":
      return `Refused: sign-in as ${account}, now locked`;
    case "staff.sign-in-locked":
      return `Refused: sign-in as ${account}, which is locked`;
    default:
      return auditActionWords[event.action] ?? queueReadWords(event.action) ?? event.action;
  }
}

/** What each kind of entry means, as a sentence's start (issue 50 item 13); an unknown code shows as it is. */
export const auditActionWords: Readonly<Record<string, string>> = {
  "plan.read": "Opened a plan",
  "plan.circumstances.shown": "Read a customer's answers about their circumstances",
  "plan.contact-details-changed": "Changed a customer's contact details",
  "plan.note-added": "Added a note to a plan",
  "plan.resent": "Sent a plan's email again",
  "plans.searched": "Searched for a plan",
  "refund.sent-again": "Sent a refund again",
  "refund.paid-by-transfer": "Recorded a refund repaid by bank transfer",
  "missed-payments.outcome-recorded": "Recorded a missed-payments outcome",
  "at-need-case.moved": "Moved a case after a death on",
  "at-need-case.matched": "Matched a report of a death to a plan",
  "at-need-case.closed": "Closed a report of a death as not one of our plans",
  "enquiry.followed-up": "Marked an enquiry as followed up",
  "catalogue.read": "Read the catalogue",
  "catalogue.changes-read": "Read the catalogue's changes",
  "catalogue.price-change-made": "Changed a price in the catalogue",
  "staff.audit-read": "Read the audit log",
  "staff.members-listed": "Listed the members of staff",
  "staff.own-account-read": "Opened the back office",
  "staff.invited": "Invited someone",
  "staff.invited-again": "Sent an invitation again",
  "staff.invitation-withdrawn": "Withdrew an invitation",
  "staff.invitation-opened": "Opened their invitation",
  "staff.invitation-accepted": "Accepted their invitation",
  "staff.disabled": "Disabled a member's access",
  "staff.already-disabled": "Disabled a member's access (already disabled)",
  "staff.enabled": "Let a member in again",
  "staff.already-enabled": "Let a member in again (already in)",
  "staff.signed-in": "Signed in",
  "staff.signed-out": "Signed out",
  "staff.signed-out-everywhere": "Signed out everywhere",
};

/** "queue.refunds.read": "Read the refunds queue". */
function queueReadWords(action: string): string | undefined {
  const queue = /^queue\.([a-z-]+)\.read$/.exec(action)?.[1];
  return queue ? `Read the ${queue.replaceAll("-", " ")} queue` : undefined;
}

/** An IPv4 address as the server saw it over IPv6 ("::ffff:127.0.0.1") is written as IPv4. */
function addressInWords(address: string | null): string {
  return address?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1") ?? "–";
}

function AuditLog() {
  const [filters, setFilters] = useState<StaffAuditFilters>({});
  // Where each page shown so far starts (null: the newest); new filters start again from the newest.
  const [pages, setPages] = useState<(number | null)[]>([null]);
  return (
    <>
      <AuditFilters
        words={auditActionWords}
        onFilter={(chosen) => {
          setFilters(chosen);
          setPages([null]);
        }}
      />
      <AuditPage filters={filters} pages={pages} setPages={setPages} />
    </>
  );
}

function AuditPage({
  filters,
  pages,
  setPages,
}: {
  filters: StaffAuditFilters;
  pages: (number | null)[];
  setPages: (pages: (number | null)[]) => void;
}) {
  const before = pages.at(-1) ?? null;
  const page = useQuery(staffQueries.audit(before, filters));
  if (page.status === "pending") return <LoadingSpinner label="Loading the audit log…" />;
  if (page.status === "error") {
    return (
      <ViolationsBox title="Sorry, we could not load the audit log" violations={violationsOf(page.error)} />
    );
  }
  const { events, nextBefore } = page.data;
  const caption = pages.length === 1 ? "Newest entries" : `Older entries, page ${pages.length}`;
  if (events.length === 0) {
    return <p role="status">No entries match these filters.</p>;
  }
  return (
    <>
      <div className={styles.tableScroll} role="region" aria-label={caption} tabIndex={0}>
        <table className={styles.table}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Plan</th>
              <th scope="col">Detail</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <td>{formatMoment(event.at)}</td>
                <td>{whoDidIt(event)}</td>
                <td>{whatWasDone(event)}</td>
                <td className={styles.reference}>
                  {event.planId === null || event.planReference === null ? (
                    "–"
                  ) : (
                    <a href={staffPaths.plan(event.planId)}>{event.planReference}</a>
                  )}
                </td>
                <td className={styles.detail}>{detailText(event.detail) || "–"}</td>
                <td className={styles.detail}>{addressInWords(event.fromAddress)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.actions}>
        {pages.length > 1 ? (
          <button type="button" className="button button--secondary" onClick={() => setPages([null])}>
            Newest entries
          </button>
        ) : null}
        {nextBefore !== null ? (
          <button type="button" className="button" onClick={() => setPages([...pages, nextBefore])}>
            Older entries
          </button>
        ) : null}
      </div>
    </>
  );
}
