"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadingSpinner } from "../../components/loading-spinner";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { SignedInStaffPage } from "./signed-in-staff-page";
import { staffQueries, type StaffAuditPage } from "./staff-requests";
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
      return event.action;
  }
}

function AuditLog() {
  // Where each page shown so far starts (null: the newest).
  const [pages, setPages] = useState<(number | null)[]>([null]);
  const before = pages.at(-1) ?? null;
  const page = useQuery(staffQueries.audit(before));
  if (page.status === "pending") return <LoadingSpinner label="Loading the audit log…" />;
  if (page.status === "error") {
    return (
      <ViolationsBox title="Sorry, we could not load the audit log" violations={violationsOf(page.error)} />
    );
  }
  const { events, nextBefore } = page.data;
  const caption = pages.length === 1 ? "Newest entries" : `Older entries, page ${pages.length}`;
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
                <td className={styles.reference}>{event.planId ?? "–"}</td>
                <td className={styles.detail}>{detailText(event.detail) || "–"}</td>
                <td className={styles.detail}>{event.fromAddress ?? "–"}</td>
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
