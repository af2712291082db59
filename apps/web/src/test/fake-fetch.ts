import { vi } from "vitest";

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * Replaces `fetch` with `handler` and records every request, so a test can answer like the web
 * server would and then check what the browser sent. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeFetch(handler: Handler): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal("fetch", async (input: string | URL, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: typeof init.body === "string" ? init.body : null,
    };
    requests.push(request);
    return handler(request);
  });
  return requests;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export function tokenResponse(accessToken: string, expiresIn = 3600): Response {
  return jsonResponse({
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: expiresIn,
    scope: "APPLICATION",
  });
}
