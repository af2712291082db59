import { envelopeDestination, largestEnvelopeBytes } from "@/lib/error-reports-tunnel.server";
import { getServerConfig } from "@/lib/server-config.server";

// Passes browsers' error reports on to Sentry (src/lib/error-reports-tunnel.server.ts).
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const dsn = getServerConfig().WEB_SENTRY_DSN;
  if (!dsn) return new Response(null, { status: 404 });
  const body = await request.arrayBuffer();
  if (body.byteLength > largestEnvelopeBytes) return new Response(null, { status: 413 });
  const destination = envelopeDestination(new TextDecoder().decode(body), dsn);
  if (!destination) return new Response(null, { status: 400 });
  try {
    const answer = await fetch(destination, {
      method: "POST",
      headers: { "content-type": "application/x-sentry-envelope" },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return new Response(null, { status: answer.ok ? 200 : answer.status });
  } catch {
    // Sentry out of reach: the report is lost, and the page carries on.
    return new Response(null, { status: 502 });
  }
}
