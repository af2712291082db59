import fc from "fast-check";
import { expect, test } from "./fixtures";
import { sendRaw } from "./raw-http";

// Screens: none: the web server fed generated input, with no browser.

// The website, fed generated input as the API's own fuzz test feeds the API (issue 27): any
// method, an address with malformed percent-encoding or odd segments, bodies nested far past any
// contract, bodies that are not JSON, odd content types and tokens. Whatever arrives, through
// the pages or through the forwarding to the API, nothing answers with a server error.

const requestCount = 1_000;

/** Pages, files and forwarded routes, each with a place where generated text goes. */
const addresses = [
  "/",
  "/faqs",
  "/planning/SEGMENT",
  "/funeral-advice/SEGMENT",
  "/public-documents/SEGMENT",
  "/free-guide/SEGMENT",
  "/account/SEGMENT",
  "/purchase/SEGMENT",
  "/SEGMENT",
  "/token",
  "/api/plan-options",
  "/api/guest/plan",
  "/api/plan/SEGMENT",
  "/api/plan/SEGMENT/people",
  "/api/account/register",
  "/api/account/forgot-password",
  "/api/address-lookup/SEGMENT",
  "/api/SEGMENT",
  "/_next/static/SEGMENT",
];

/** Text as an address segment; a lone surrogate cannot be encoded, so it is sent broken. */
function encodedOrBroken(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

const segment = fc.oneof(
  // Percent-encoding that is not UTF-8, or not percent-encoding at all.
  fc.constantFrom("%ED%A0%80", "%C0%AF", "%FF", "%", "%zz", "%E2%82", "a%00b", "%2F..%2F..%2Fetc%2Fpasswd"),
  fc.constantFrom("..", ".", "%2e%2e", "%64ocs", "docs/json", "index.html", "a".repeat(3000)),
  fc.uuid(),
  fc.string().map(encodedOrBroken),
  fc.string({ unit: "grapheme-composite" }).map(encodedOrBroken),
);

const nested = fc
  .tuple(fc.integer({ min: 30, max: 60_000 }), fc.boolean())
  .map(([depth, asObjects]) =>
    asObjects ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` : `${"[".repeat(depth)}${"]".repeat(depth)}`,
  );

const body = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 2 },
  { arbitrary: nested, weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)), weight: 2 },
  { arbitrary: fc.constantFrom("{not json", "null", "{}", "[]", '"', "\u0000", "a=1&a=2&b"), weight: 2 },
  { arbitrary: fc.string({ maxLength: 2000 }), weight: 1 },
);

const generatedRequest = fc.record({
  address: fc.constantFrom(...addresses),
  segment,
  query: fc.constantFrom("", "?id=%ED%A0%80", "?a=%", "?token=x&token=y", `?q=${"%61".repeat(2000)}`),
  method: fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"),
  body,
  contentType: fc.constantFrom(
    "application/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=kindred",
    "text/plain",
    "application/json; charset=latin1",
    undefined,
  ),
  authorization: fc.constantFrom(undefined, "Bearer not-a-token", "Basic Og==", "Bearer "),
  prefetch: fc.boolean(),
});

test(`the website answers ${requestCount} generated bad requests without a server error`, async () => {
  const statuses = new Map<number, number>();

  await fc.assert(
    fc.asyncProperty(generatedRequest, async (generated) => {
      const path = `${generated.address.replace("SEGMENT", generated.segment)}${generated.query}`;
      const headers: Record<string, string> = {};
      if (generated.contentType) headers["content-type"] = generated.contentType;
      if (generated.authorization) headers.authorization = generated.authorization;
      if (generated.prefetch) headers["next-router-prefetch"] = "1";
      const withBody = generated.body !== undefined && !["GET", "HEAD"].includes(generated.method);
      const answer = await sendRaw({
        method: generated.method,
        path,
        headers,
        ...(withBody ? { body: generated.body } : {}),
      });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(
        answer.status,
        `${generated.method} ${path.slice(0, 200)}: ${answer.body.slice(0, 300)}`,
      ).toBeLessThan(500);
    }),
    { numRuns: requestCount },
  );

  // The requests reached past the front door too: pages and the API answered some of them.
  expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
  test.info().annotations.push({
    type: "answers by status",
    description: JSON.stringify(Object.fromEntries(statuses)),
  });
});
