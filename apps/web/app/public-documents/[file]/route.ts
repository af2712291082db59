import { forwardPublicDocumentRequest } from "@/lib/api-forwarding.server";

// The public legal documents (disclosure, terms, costs explained) come from the API, which
// makes them from the same text as the documents screen.
export const dynamic = "force-dynamic";

export const GET = forwardPublicDocumentRequest;
export const HEAD = forwardPublicDocumentRequest;
