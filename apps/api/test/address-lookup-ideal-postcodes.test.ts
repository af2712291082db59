import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addressLookupAutocompleteResponseSchema,
  foundAddressSchema,
  violationsResponseSchema,
} from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { ConfigError, loadConfig } from "../src/config";
import { startFakeIdealPostcodes, type FakeIdealPostcodes } from "./support/fake-ideal-postcodes";
import { createTestApp, type TestApp } from "./support/test-app";

const apiKey = "ak_test_kindred_0123456789";

// Addresses as Ideal Postcodes' documentation shows them: Royal Mail writes post towns in capitals.
const downingStreet = {
  id: "paf_23747771",
  udprn: 23747771,
  line_1: "Prime Minister & First Lord Of The Treasury",
  line_2: "10 Downing Street",
  line_3: "",
  post_town: "LONDON",
  county: "London",
  postcode: "SW1A 2AA",
  country: "England",
};
const miltonKeynes = {
  id: "paf_54821907",
  udprn: 54821907,
  line_1: "Kindred House",
  line_2: "300 Avebury Boulevard",
  line_3: "",
  post_town: "MILTON KEYNES",
  county: "Buckinghamshire",
  postcode: "MK9 2HP",
  country: "England",
};
const stHelier = {
  id: "paf_7302941",
  udprn: 7302941,
  line_1: "12 Halkett Place",
  line_2: "",
  line_3: "",
  post_town: "JERSEY",
  county: "",
  postcode: "JE2 4WG",
  country: "Jersey",
};

let fake: FakeIdealPostcodes;
const idealPostcodesSettings = () => ({
  ADDRESS_LOOKUP_PROVIDER: "ideal-postcodes" as const,
  IDEAL_POSTCODES_API_KEY: apiKey,
  IDEAL_POSTCODES_BASE_URL: `${fake.baseUrl}/`,
});
let testApp: TestApp;
let token: string;
beforeAll(async () => {
  fake = await startFakeIdealPostcodes({ apiKey, addresses: [downingStreet, miltonKeynes, stHelier] });
  // A ceiling no answer of the fake comes near, however busy the machine: the one test of a call
  // never answered has an app of its own with a short one.
  testApp = await createTestApp({ ...idealPostcodesSettings(), ADDRESS_LOOKUP_TIMEOUT_MS: 10_000 });
  token = await testApp.requestApplicationToken();
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

function get(url: string) {
  return testApp.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
}

const autocomplete = (query: string) =>
  get(`/api/address-lookup/autocomplete?query=${encodeURIComponent(query)}`);
const details = (id: string) => get(`/api/address-lookup/details?id=${encodeURIComponent(id)}`);

describe("address lookup with Ideal Postcodes", () => {
  it("passes on Ideal Postcodes' suggestions, with their ids, for part of an address", async () => {
    const response = await autocomplete("10 Downing");

    expect(response.statusCode).toBe(200);
    expect(addressLookupAutocompleteResponseSchema.parse(response.json()).suggestions).toEqual([
      {
        id: "paf_23747771",
        text: "Prime Minister & First Lord Of The Treasury, 10 Downing Street, London, SW1A",
      },
    ]);
    const call = fake.calls.at(-1);
    expect(call?.path).toBe("/v1/autocomplete/addresses");
    expect(call?.query.get("query")).toBe("10 Downing");
    expect(call?.query.get("api_key")).toBe(apiKey);
  });

  it("finds by postcode too, and answers no suggestions when Ideal Postcodes has none", async () => {
    const found = addressLookupAutocompleteResponseSchema.parse((await autocomplete("mk9 2hp")).json());
    const none = await autocomplete("Nowhere Lane");

    expect(found.suggestions.map((suggestion) => suggestion.id)).toEqual(["paf_54821907"]);
    expect(none.statusCode).toBe(200);
    expect(addressLookupAutocompleteResponseSchema.parse(none.json()).suggestions).toEqual([]);
  });

  it("gives a suggestion's address in SPEC.md's shape, the post town as a person writes it", async () => {
    const response = await details("paf_54821907");

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, max-age=300");
    expect(foundAddressSchema.parse(response.json())).toEqual({
      line1: "Kindred House",
      line2: "300 Avebury Boulevard",
      line3: "",
      locality: "Milton Keynes",
      county: "Buckinghamshire",
      country: "England",
      postcode: "MK9 2HP",
    });
    expect(fake.calls.at(-1)?.path).toBe("/v1/autocomplete/addresses/paf_54821907/gbr");
  });

  it("leaves the country blank for an address outside the United Kingdom's four nations", async () => {
    const address = foundAddressSchema.parse((await details("paf_7302941")).json());

    expect(address.locality).toBe("Jersey");
    expect(address.country).toBe("");
  });

  it("answers 404 with a violation for an id Ideal Postcodes does not know", async () => {
    const response = await details("paf_99999999");

    expect(response.statusCode).toBe(404);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "id", title: messages.addressNotFound },
    ]);
  });

  it.each([
    ["refuses the key", 401, { code: 4010, message: "Invalid Key" }],
    ["has no lookups left", 402, { code: 4020, message: "Key balance depleted" }],
    ["limits us", 429, { code: 4290, message: "Too many requests" }],
    ["fails inside", 500, { code: 5000, message: "Internal error" }],
    ["answers something that is not JSON", 502, "<html>Bad gateway</html>"],
  ])(
    "answers 503 with a calm violation, never a 500, when Ideal Postcodes %s",
    async (_case, status, body) => {
      fake.failNext(status, body);
      fake.failNext(status, body);

      const suggestions = await autocomplete("10 Downing");
      const address = await details("paf_23747771");

      for (const response of [suggestions, address]) {
        expect(response.statusCode).toBe(503);
        expect(response.headers["cache-control"]).toBe("no-store");
        expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
          { propertyPath: "Global", title: messages.addressLookupUnavailable },
        ]);
      }
    },
  );

  it("answers 503 when a success is not in the documented shape", async () => {
    fake.failNext(200, { result: { hits: [{ suggestion: "10 Downing Street" }] }, code: 2000 });

    expect((await autocomplete("10 Downing")).statusCode).toBe(503);
  });

  it("answers 503 when Ideal Postcodes does not answer in time", async () => {
    // A ceiling, not a wait: the call is never answered.
    const hurried = await createTestApp({ ...idealPostcodesSettings(), ADDRESS_LOOKUP_TIMEOUT_MS: 300 });
    try {
      fake.hangNext();

      const response = await hurried.app.inject({
        method: "GET",
        url: `/api/address-lookup/autocomplete?query=${encodeURIComponent("10 Downing")}`,
        headers: { authorization: `Bearer ${await hurried.requestApplicationToken()}` },
      });

      expect(response.statusCode).toBe(503);
      expect(hurried.logs.some((line) => line.includes('"reason":"timed out"'))).toBe(true);
    } finally {
      await hurried.close();
    }
  });

  it("logs each failure by its call and Ideal Postcodes' code, never the key or what was typed", async () => {
    fake.failNext(401, { code: 4010, message: "Invalid Key" });
    await autocomplete("Flat 6 Rosemary Court");

    const failures = testApp.logs.filter((line) => line.includes("address lookup failed"));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.at(-1)).toContain('"code":4010');
    const written = testApp.logs.join("\n");
    expect(written).not.toContain(apiKey);
    expect(written).not.toContain("Rosemary");
    expect(written).not.toContain("Downing");
  });
});

describe("the Ideal Postcodes settings", () => {
  it("refuse ideal-postcodes without a key, naming the setting", () => {
    expect(() => loadConfig({ ADDRESS_LOOKUP_PROVIDER: "ideal-postcodes" })).toThrow(ConfigError);
    expect(() => loadConfig({ ADDRESS_LOOKUP_PROVIDER: "ideal-postcodes" })).toThrow(
      /IDEAL_POSTCODES_API_KEY/,
    );
  });

  it("default to the bundled outcode data and Ideal Postcodes' own address", () => {
    const config = loadConfig({});

    expect(config.ADDRESS_LOOKUP_PROVIDER).toBe("outcodes");
    expect(config.IDEAL_POSTCODES_BASE_URL).toBe("https://api.ideal-postcodes.co.uk");
    expect(() => loadConfig({ ADDRESS_LOOKUP_PROVIDER: "getaddress" })).toThrow(/ADDRESS_LOOKUP_PROVIDER/);
  });
});
