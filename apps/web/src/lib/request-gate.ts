/**
 * What the web server refuses before Next.js sees a request (server.mjs): a method a page or file
 * does not take, and an address whose percent-encoding is not UTF-8. Next.js would answer a page
 * for PUT, DELETE or PROPFIND as for GET, and 500 for TRACE or `%ED%A0%80` (half a surrogate pair).
 * The forwarded API (`/api/…`), the token and the error-report tunnel take their own methods; the
 * API answers those.
 */

/** Paths whose route handlers take methods besides GET and HEAD. */
const takesWrites = /^\/(?:api\/|token$|monitoring$)/;
/** Methods no path takes: a request echoed back (TRACE, TRACK) or a tunnel (CONNECT). */
const neverTaken = new Set(["TRACE", "TRACK", "CONNECT"]);
const readOnly = "GET, HEAD";

export interface Refusal {
  status: 400 | 405;
  headers: Record<string, string>;
  body: string;
}

/** The refusal for a request, or undefined to hand it to Next.js. */
export function refusalOf(method: string | undefined, url: string | undefined): Refusal | undefined {
  const path = (url ?? "/").split("?", 1)[0] ?? "/";
  const verb = (method ?? "GET").toUpperCase();
  const plain = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  if (neverTaken.has(verb) || (!takesWrites.test(path) && verb !== "GET" && verb !== "HEAD")) {
    return {
      status: 405,
      headers: { ...plain, allow: takesWrites.test(path) ? "GET, HEAD, POST, PUT, PATCH, DELETE" : readOnly },
      body: "This address cannot be used that way.",
    };
  }
  try {
    decodeURIComponent(path);
  } catch {
    return { status: 400, headers: plain, body: "This address is not valid." };
  }
  return undefined;
}
