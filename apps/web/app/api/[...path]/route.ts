import { forwardApiRequest } from "@/lib/api-forwarding.server";

// Every request is forwarded as it comes; nothing here is cached or prerendered.
export const dynamic = "force-dynamic";

export const GET = forwardApiRequest;
export const HEAD = forwardApiRequest;
export const POST = forwardApiRequest;
export const PUT = forwardApiRequest;
export const PATCH = forwardApiRequest;
export const DELETE = forwardApiRequest;
export const OPTIONS = forwardApiRequest;
