import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type ConfigInput } from "../src/config";
import { registrationDetails } from "./support/customers";
import { createTestApp, testClient, type TestApp } from "./support/test-app";

// The API believes X-Forwarded-For only from the hops TRUST_PROXY names (the web servers, the load
// balancer). From anyone else a made-up header would be a fresh address for every try, and no
// per-address limit would ever be met. Injected requests come from 127.0.0.1 unless told otherwise.

/** Failed sign-ins one address may make in 15 minutes before it is refused (decision 024). */
const perAddressLimit = 20;

let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

async function appWith(settings: ConfigInput = {}): Promise<TestApp> {
  testApp = await createTestApp(settings);
  return testApp;
}

/** A failed sign-in (an account nobody has) claiming to come from `claimed`; answers the status. */
async function failedSignInClaiming(app: TestApp, claimed: string): Promise<number> {
  const response = await app.app.inject({
    method: "POST",
    url: "/token",
    payload: new URLSearchParams({
      grant_type: "password",
      scope: "CUSTOMER",
      client_id: testClient.id,
      client_secret: testClient.secret,
      username: registrationDetails().email,
      password: "Not-the-password-1",
    }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": claimed },
  });
  return response.statusCode;
}

/** One more failed sign-in than the limit allows, each claiming an address of its own. */
async function failedSignInsEachClaimingAnotherAddress(app: TestApp): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 1; n <= perAddressLimit + 1; n += 1) {
    statuses.push(await failedSignInClaiming(app, `198.51.100.${n}`));
  }
  return statuses;
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

describe("X-Forwarded-For", () => {
  it("is believed from no one by default: made-up addresses still count against the connection's", async () => {
    const app = await appWith();
    const statuses = await failedSignInsEachClaimingAnotherAddress(app);

    expect(statuses.slice(0, perAddressLimit).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await addressSeen(app, "198.51.100.99")).toBe("127.0.0.1");
  });

  it("is believed only from the hops TRUST_PROXY names", async () => {
    const app = await appWith({ TRUST_PROXY: "10.0.0.5" });

    expect(await addressSeen(app, "198.51.100.7")).toBe("127.0.0.1");
    expect(await addressSeen(app, "198.51.100.7", "10.0.0.6")).toBe("10.0.0.6");
    expect(await addressSeen(app, "198.51.100.7", "10.0.0.5")).toBe("198.51.100.7");
  });

  it("from the web server on this machine, names each visitor when TRUST_PROXY is 127.0.0.1", async () => {
    const app = await appWith({ TRUST_PROXY: "127.0.0.1" });

    expect(await addressSeen(app, "198.51.100.7")).toBe("198.51.100.7");
    expect(await addressSeen(app, "198.51.100.8")).toBe("198.51.100.8");
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
    expect(problemsOf("loopback, web-1.internal")).toEqual([
      "TRUST_PROXY: invalid IP address: web-1.internal",
    ]);
    expect(problemsOf("10.0.0.0/33")).toEqual(["TRUST_PROXY: invalid range on address: 10.0.0.0/33"]);
  });
});
