import "server-only";

/**
 * Browsers send their error reports here (`/monitoring`, Sentry's `tunnel` option) and this
 * server passes them on, so a browser never talks to another company for them and ad blockers
 * do not lose them. Only envelopes for our own DSN are passed on, to that DSN's ingest address:
 * the tunnel cannot be used to send anything anywhere else.
 */

/** The largest envelope passed on (a replay segment is well under this). */
export const largestEnvelopeBytes = 1024 * 1024;

/** Sentry's envelope address for a DSN (https://key@host[/path]/project → https://host[/path]/api/project/envelope/). */
export function envelopeAddressOf(dsn: string): string {
  const url = new URL(dsn);
  const segments = url.pathname.split("/").filter(Boolean);
  const project = segments.pop();
  const prefix = segments.length > 0 ? `/${segments.join("/")}` : "";
  return `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`;
}

/**
 * Where to send this envelope, or null when it is not for our DSN (or not an envelope at all).
 * An envelope's first line is JSON naming the DSN it is for.
 */
export function envelopeDestination(envelope: string, ourDsn: string): string | null {
  const firstLine = envelope.slice(0, envelope.indexOf("\n") === -1 ? undefined : envelope.indexOf("\n"));
  let header: unknown;
  try {
    header = JSON.parse(firstLine);
  } catch {
    return null;
  }
  const dsn = typeof header === "object" && header !== null ? (header as { dsn?: unknown }).dsn : undefined;
  if (typeof dsn !== "string") return null;
  try {
    const theirs = new URL(dsn);
    const ours = new URL(ourDsn);
    if (theirs.host !== ours.host || theirs.pathname !== ours.pathname || theirs.username !== ours.username)
      return null;
  } catch {
    return null;
  }
  return envelopeAddressOf(ourDsn);
}
