import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "./content-security-policy";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("lets scripts run only with the response's nonce and what they load, never inline or eval", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123==" }));

    expect(policy.get("script-src")).toEqual(
      expect.arrayContaining(["'nonce-abc123=='", "'strict-dynamic'"]),
    );
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
  });

  it("allows eval only for the development server", () => {
    expect(directives(contentSecurityPolicy({ nonce: "n", development: true })).get("script-src")).toContain(
      "'unsafe-eval'",
    );
  });

  it("adds the origins of the third parties switched on, once each", () => {
    const policy = directives(
      contentSecurityPolicy({
        nonce: "n",
        thirdParties: {
          scripts: ["https://tracking.example.test"],
          connections: ["https://tracking.example.test", "https://tracking.example.test"],
        },
      }),
    );

    expect(policy.get("script-src")).toContain("https://tracking.example.test");
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://api.stripe.com",
      "https://tracking.example.test",
    ]);
  });

  it("makes a different nonce each time, of 128 bits", () => {
    const nonces = new Set(Array.from({ length: 100 }, () => newNonce()));

    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});
