import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type ConfigInput } from "../src/config";
import { createTestApp, type TestApp } from "./support/test-app";

// The API believes X-Forwarded-For only from the hops TRUST_PROXY names (the web servers, the load
// balancer). From anyone else a made-up header would be a fresh address for every try, and no
// per-address limit would ever be met. Injected requests come from 127.0.0.1 unless told otherwise.

/** A test app with these settings for the describe block it is called in, made before its tests. */
function appWith(settings: ConfigInput = {}): () => TestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(settings);
  });
  afterAll(() => testApp?.close());
  return () => {
    if (!testApp) throw new Error("The test app was not made");
    return testApp;
  };
}

/** The address the API takes a request to be from (`request.ip`), as its request log gives it. */
async function addressSeen(app: TestApp, claimed: string, connection?: string): Promise<string> {
  await app.app.inject({
    method: "GET",
    url: "/healthz",
    headers: { "x-forwarded-for": claimed },
    ...(connection ? { remoteAddress: connection } : {}),
  });
  const logged = app.logs.filter((line) => line.includes('"msg":"incoming request"')).at(-1) ?? "{}";
  return (JSON.parse(logged) as { req?: { remoteAddress?: string } }).req?.remoteAddress ?? "";
}

describe("X-Forwarded-For, with TRUST_PROXY unset", () => {
  const app = appWith();

  it("is believed from no one: a made-up address is the connection's, for every limit", async () => {
    expect(await addressSeen(app(), "198.51.100.99")).toBe("127.0.0.1");
    expect(await addressSeen(app(), "198.51.100.100", "10.0.0.5")).toBe("10.0.0.5");
  });
});

describe("X-Forwarded-For, with TRUST_PROXY naming the web server", () => {
  const app = appWith({ TRUST_PROXY: "10.0.0.5" });

  it("is believed only from that hop", async () => {
    expect(await addressSeen(app(), "198.51.100.7")).toBe("127.0.0.1");
    expect(await addressSeen(app(), "198.51.100.7", "10.0.0.6")).toBe("10.0.0.6");
    expect(await addressSeen(app(), "198.51.100.7", "10.0.0.5")).toBe("198.51.100.7");
  });
});

describe("X-Forwarded-For, with the web server on this machine (TRUST_PROXY=127.0.0.1)", () => {
  const app = appWith({ TRUST_PROXY: "127.0.0.1" });

  it("names each visitor", async () => {
    expect(await addressSeen(app(), "198.51.100.7")).toBe("198.51.100.7");
    expect(await addressSeen(app(), "198.51.100.8")).toBe("198.51.100.8");
  });
});

describe("TRUST_PROXY", () => {
  function problemsOf(value: string): string[] {
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  }

  it("trusts no one when unset, and reads names, addresses and ranges, comma-separated", () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: " 127.0.0.1, 10.0.0.0/8 ,uniquelocal,::1 " }).TRUST_PROXY).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "uniquelocal",
      "::1",
    ]);
  });

  it("stops start-up at an entry that is not a name, an address or a range", () => {
    const notAHop = (entry: string) =>
      `TRUST_PROXY: "${entry}" is not loopback, linklocal, uniquelocal, an IP address or a CIDR range`;
    expect(problemsOf("loopback, web-1.internal")).toEqual([notAHop("web-1.internal")]);
    expect(problemsOf("10.0.0.0/33")).toEqual([notAHop("10.0.0.0/33")]);
  });

  it("stops start-up at a range of every address, which would let anyone claim any visitor's address", () => {
    const everyone = (entry: string) =>
      `TRUST_PROXY: "${entry}" trusts every address: name the web servers' and the load balancer's own`;
    expect(problemsOf("10.0.0.5, 0.0.0.0/0")).toEqual([everyone("0.0.0.0/0")]);
    expect(problemsOf("::/0")).toEqual([everyone("::/0")]);
    expect(problemsOf("10.0.0.0/8")).toEqual([]);
  });
});
