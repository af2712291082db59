"use client";

import { useState } from "react";
import type { Violation } from "@kindred/contracts";
import { downloadPlanDocument } from "../lib/plan-document";
import { ViolationsBox } from "./violations-box";

/**
 * One button that downloads one of a plan's PDFs (they need the person's token, so they come
 * through the API, not a plain link), saying so while it does, and why if it could not.
 */
export function PdfDownloadButton({
  path,
  label,
  failureTitle,
}: {
  /** The API's address of the PDF. */
  path: string;
  label: string;
  failureTitle: string;
}) {
  const [problems, setProblems] = useState<Violation[]>([]);
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    setProblems(await downloadPlanDocument(path));
    setBusy(false);
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy || undefined}
        onClick={() => void download()}
      >
        {busy ? "Downloading…" : label}
      </button>
      {problems.length > 0 ? <ViolationsBox title={failureTitle} violations={problems} /> : null}
    </>
  );
}
