import { forwardFreeGuideRequest } from "@/lib/api-forwarding.server";

// The free guide comes from the API, which makes it from content/guide; `?print=large` for large print.
export const dynamic = "force-dynamic";

export const GET = forwardFreeGuideRequest;
export const HEAD = forwardFreeGuideRequest;
