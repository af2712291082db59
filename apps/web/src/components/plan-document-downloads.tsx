"use client";

import { planDocumentPath, type PlanDocumentKind } from "../lib/plan-document";
import { PdfDownloadButton } from "./pdf-download-button";
import styles from "./payments.module.css";

const documents: readonly { kind: PlanDocumentKind; title: string }[] = [
  { kind: "summary", title: "Funeral plan summary" },
  { kind: "detail", title: "Funeral plan details" },
];

/** Buttons that download a plan's own two documents as PDFs (they need the person's token). */
export function PlanDocumentDownloads({ planId }: { planId: string }) {
  return (
    <ul className={styles.downloads}>
      {documents.map((document) => (
        <li key={document.kind}>
          <PdfDownloadButton
            path={planDocumentPath(planId, document.kind)}
            label={`Download the ${document.title} (PDF)`}
            failureTitle="Sorry, the document could not be downloaded"
          />
        </li>
      ))}
    </ul>
  );
}
