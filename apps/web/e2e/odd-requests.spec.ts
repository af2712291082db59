import { expect, test } from "./fixtures";
import { sendRaw } from "./raw-http";

// Screens: none: the web server's answers to odd requests, with no browser.

// The running web server refuses what a page or file does not take (issue 27 item 3), before
// Next.js answers a page for it or fails with 500, and no page goes out without its content
// policy (item 4). Plain HTTP: a browser cannot send TRACE, and `fetch` normalises a malformed
// address.

async function send(method: string, path: string, headers: Record<string, string> = {}) {
  const answer = await sendRaw({ method, path, headers });
  return {
    status: answer.status,
    allow: answer.headers.allow as string | undefined,
    policy: answer.headers["content-security-policy"] as string | undefined,
    body: answer.body,
  };
}

test("a page answers only GET and HEAD; anything else is 405 with what it takes", async () => {
  expect((await send("GET", "/faqs")).status).toBe(200);
  for (const method of ["PUT", "PATCH", "DELETE", "PROPFIND", "TRACE"]) {
    const answer = await send(method, "/faqs");
    expect(answer.status, method).toBe(405);
    expect(answer.allow, method).toBe("GET, HEAD");
    expect(answer.body, method).not.toContain("<html");
  }
  expect((await send("TRACE", "/api/plan-options")).status).toBe(405);
});

test("an address whose percent-encoding is not UTF-8 is 400, not 500", async () => {
  for (const path of ["/funeral-advice/%ED%A0%80", "/public-documents/%ED%A0%80", "/%ED%A0%80"]) {
    expect((await send("GET", path)).status, path).toBe(400);
  }
});

test("a page fetched ahead carries its content policy, as every page does", async () => {
  const asked: Record<string, string>[] = [
    {},
    { purpose: "prefetch" },
    { "sec-purpose": "prefetch" },
    { "next-router-prefetch": "1" },
  ];
  for (const headers of asked) {
    const answer = await send("GET", "/faqs", headers);
    expect(answer.status, JSON.stringify(headers)).toBe(200);
    expect(answer.policy, JSON.stringify(headers)).toContain("script-src");
  }
});

test("a browser that asks for /favicon.ico gets the site's mark, not a 404 in its console", async ({
  request,
}) => {
  // Browsers ask for it on any page that names no icon in time, a not-found page among them.
  const answer = await request.get("/favicon.ico");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("image/x-icon");
  expect((await answer.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});
