import proxyAddr from "@fastify/proxy-addr";
import { describe, expect, it } from "vitest";
import { trustedProxiesSetting } from "../src/settings";

// Both servers hand the list to proxy-addr (Fastify's trustProxy, the website's server.mjs): what
// the setting accepts, proxy-addr must take, so a server never starts on a list it then throws on.
const accepted = ["loopback", "linklocal", "uniquelocal", "127.0.0.1", "10.0.0.0/8", "::1", "fe80::/10"];
const refused = ["web-1.internal", "10.0.0.0/33", "256.1.1.1", "localhost", "*"];

describe("a trusted proxies setting", () => {
  it("is an empty list, trusting no one, when unset or blank", () => {
    expect(trustedProxiesSetting.parse(undefined)).toEqual([]);
    expect(trustedProxiesSetting.parse(" , ")).toEqual([]);
  });

  it("takes names, addresses and ranges, comma-separated, each of which proxy-addr takes too", () => {
    const entries = trustedProxiesSetting.parse(` ${accepted.join(" , ")} `);

    expect(entries).toEqual(accepted);
    expect(() => proxyAddr.compile(entries)).not.toThrow();
  });

  it("names each entry that is not a hop", () => {
    const result = trustedProxiesSetting.safeParse(["loopback", ...refused].join(","));

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(
      refused.map(
        (entry) => `"${entry}" is not loopback, linklocal, uniquelocal, an IP address or a CIDR range`,
      ),
    );
  });
});
