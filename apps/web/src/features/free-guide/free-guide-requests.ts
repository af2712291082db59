import type { EnquiryFields, EnquiryResponse } from "@kindred/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiData } from "../../lib/api-query";

/** Where the free guide's pages are. */
export const freeGuidePaths = { page: "/free-guide", thankYou: "/free-guide/thank-you" } as const;

/** `POST /api/enquiries` (SPEC.md section 7): a request for the free guide. */
export function useRequestFreeGuide() {
  return useMutation({
    mutationFn: (enquiry: EnquiryFields) =>
      apiData<EnquiryResponse>("/api/enquiries", { method: "POST", body: enquiry }),
  });
}
