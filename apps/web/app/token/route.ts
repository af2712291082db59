import { forwardTokenRequest } from "@/lib/api-forwarding.server";

// The web server adds its OAuth client credentials here; never cached, never prerendered.
export const dynamic = "force-dynamic";

export const POST = forwardTokenRequest;
