"use client";

import { lazy, Suspense, useState } from "react";
import type { PlanResponse } from "@kindred/contracts";
import { boughtPlanKeptYears } from "@kindred/domain";
import { PdfDownloadButton } from "../../components/pdf-download-button";
import styles from "./account.module.css";

// Loaded when the person asks to delete their account: the dialog (Radix) and its form are not
// part of the account page's first load (decision 033).
const DeleteAccountDialog = lazy(() =>
  import("./delete-account-dialog").then((module) => ({ default: module.DeleteAccountDialog })),
);

/**
 * "Your data" on the account (UK GDPR; issue 25 item 12;
 * docs/decisions/030-data-rights-and-retention.md): everything we hold about the person, to
 * download as a file or a PDF, and deleting their account, explained first (what goes, and which
 * of their plans the law makes us keep, why and for how long) and confirmed with their password.
 */
export function YourData({ plans }: { plans: readonly PlanResponse[] }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">Your data</h2>
      <p>
        You can download everything we hold about you: your account, your plans and the people in them, what
        you have paid, and your choices about news and offers. The file is for keeping or passing on; the PDF
        is for reading.
      </p>
      <div className="button-group">
        <PdfDownloadButton
          path="/api/account/data?format=json"
          label="Download my data (file)"
          failureTitle="Sorry, your data could not be downloaded"
        />
        <PdfDownloadButton
          path="/api/account/data?format=pdf"
          label="Download my data (PDF)"
          failureTitle="Sorry, your data could not be downloaded"
        />
      </div>
      <section className={styles.section} aria-labelledby="delete-account-heading">
        <h3 id="delete-account-heading">Delete my account</h3>
        <p>
          You can delete your account and what we may delete with it. If you have bought a plan, the law
          requires us to keep its records for {boughtPlanKeptYears} years after it ends; we tell you what we
          keep before anything is deleted.
        </p>
        <button type="button" className="button button--secondary" onClick={() => setDeleting(true)}>
          Delete my account
        </button>
      </section>
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog plans={plans} onClose={() => setDeleting(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
