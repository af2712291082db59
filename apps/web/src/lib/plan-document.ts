import type { AccountDataBase64Response, PlanDocumentBase64Response, Violation } from "@kindred/contracts";
import { messages, requestViolation } from "@kindred/domain";
import { apiRequest } from "./api-client";

/** The generated documents of a plan (SPEC.md section 2, documents screen): its summary and its details. */
export type PlanDocumentKind = "summary" | "detail";

export function planDocumentPath(planId: string, kind: PlanDocumentKind): string {
  return `/api/plan/${encodeURIComponent(planId)}/document/${kind}`;
}

/**
 * Downloads one of a plan's own PDFs (`path`, such as `/api/plan/{id}/document/summary`), or
 * another file of the person's own (their data, `/api/account/data?format=json`). It needs the
 * bearer token, so it is fetched as base64 (SPEC.md section 7 item 8) and handed to the browser
 * as a file of the type the API names. Answers what went wrong, or nothing.
 */
export async function downloadPlanDocument(path: string): Promise<Violation[]> {
  const answer = await apiRequest<PlanDocumentBase64Response | AccountDataBase64Response>(
    `${path}${path.includes("?") ? "&" : "?"}encode=base64`,
  );
  if (!answer.ok) return answer.data.violations;
  try {
    const bytes = Uint8Array.from(atob(answer.data.file), (character) => character.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: answer.data.contentType }));
    const link = window.document.createElement("a");
    link.href = url;
    link.download = answer.data.fileName;
    window.document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return [];
  } catch {
    return [requestViolation(messages.requestFailed)];
  }
}
