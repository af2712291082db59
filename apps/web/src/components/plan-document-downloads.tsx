"use client";

import { useState } from "react";
import type { Violation } from "@kindred/contracts";
import { downloadPlanDocument, planDocumentPath, type PlanDocumentKind } from "../lib/plan-document";
import styles from "./payments.module.css";
import { ViolationsBox } from "./violations-box";

const documents: readonly { kind: PlanDocumentKind; title: string }[] = [
  { kind: "summary", title: "Funeral plan summary" },
  { kind: "detail", title: "Funeral plan details" },
];

/** Buttons that download a plan's own two documents as PDFs (they need the person's token). */
export function PlanDocumentDownloads({ planId }: { planId: string }) {
  const [problems, setProblems] = useState<Violation[]>([]);
  const [busy, setBusy] = useState<PlanDocumentKind | null>(null);

  async function download(kind: PlanDocumentKind) {
    if (busy) return;
    setBusy(kind);
    setProblems(await downloadPlanDocument(planDocumentPath(planId, kind)));
    setBusy(null);
  }

  return (
    <>
      <ul className={styles.downloads}>
        {documents.map((document) => (
          <li key={document.kind}>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy === document.kind || undefined}
              onClick={() => void download(document.kind)}
            >
              {busy === document.kind ? "Downloading…" : `Download the ${document.title} (PDF)`}
            </button>
          </li>
        ))}
      </ul>
      {problems.length > 0 ? (
        <ViolationsBox title="Sorry, the document could not be downloaded" violations={problems} />
      ) : null}
    </>
  );
}
