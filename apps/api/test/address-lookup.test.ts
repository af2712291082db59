import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addressLookupAutocompleteResponseSchema,
  foundAddressSchema,
  violationsResponseSchema,
  type AddressSuggestion,
} from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { parsePostTowns } from "../src/modules/address-lookup/post-towns";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let token: string;
beforeAll(async () => {
  testApp = await createTestApp();
  token = await testApp.requestApplicationToken();
});
afterAll(() => testApp.close());

function get(url: string) {
  return testApp.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
}

async function suggestionsFor(query: string): Promise<AddressSuggestion[]> {
  const response = await get(`/api/address-lookup/autocomplete?query=${encodeURIComponent(query)}`);
  expect(response.statusCode).toBe(200);
  return addressLookupAutocompleteResponseSchema.parse(response.json()).suggestions;
}

async function detailsOf(id: string) {
  const response = await get(`/api/address-lookup/details?id=${encodeURIComponent(id)}`);
  expect(response.statusCode).toBe(200);
  return foundAddressSchema.parse(response.json());
}

describe("address lookup with the bundled outcode data (the default)", () => {
  it('finds "mk92hp" in Milton Keynes, and its details carry the postcode as Royal Mail writes it', async () => {
    const suggestions = await suggestionsFor("mk92hp");

    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]?.text).toBe("MK9 2HP, Milton Keynes");
    expect(await detailsOf(suggestions[0]?.id ?? "")).toEqual({
      line1: "",
      line2: "",
      line3: "",
      locality: "Milton Keynes",
      county: "Buckinghamshire",
      country: "England",
      postcode: "MK9 2HP",
    });
  });

  it.each(["MK9 2HP", " mk9 2hp ", "Mk9  2hP"])("reads %j the same as mk92hp", async (query) => {
    expect(await suggestionsFor(query)).toEqual(await suggestionsFor("mk92hp"));
  });

  it("places a postcode in its own district's town, not its area's", async () => {
    const [bedford] = await suggestionsFor("MK40 1AA");
    const [edinburgh] = await suggestionsFor("EH1 1YZ");
    const [cardiff] = await suggestionsFor("CF10 1EP");
    const [belfast] = await suggestionsFor("BT1 5GS");

    expect(bedford?.text).toBe("MK40 1AA, Bedford");
    expect((await detailsOf(edinburgh?.id ?? "")).country).toBe("Scotland");
    expect((await detailsOf(cardiff?.id ?? "")).county).toBe("South Glamorgan");
    expect((await detailsOf(cardiff?.id ?? "")).country).toBe("Wales");
    expect(await detailsOf(belfast?.id ?? "")).toMatchObject({
      locality: "Belfast",
      country: "Northern Ireland",
    });
  });

  it("offers each post town of a district Royal Mail shares between towns", async () => {
    const suggestions = await suggestionsFor("AL7 1AA");

    expect(suggestions.map((suggestion) => suggestion.text)).toEqual([
      "AL7 1AA, Welwyn",
      "AL7 1AA, Welwyn Garden City",
    ]);
    const towns = await Promise.all(
      suggestions.map(async (suggestion) => (await detailsOf(suggestion.id)).locality),
    );
    expect(towns).toEqual(["Welwyn", "Welwyn Garden City"]);
  });

  it.each([
    ["a district on its own", "MK9"],
    ["a street", "10 Downing"],
    ["an inward code missing a letter", "MK9 2H"],
    ["a well-formed postcode in no district", "ZZ99 9ZZ"],
    ["a Crown Dependency's postcode", "JE2 3AB"],
  ])("finds nothing (not an error) for %s", async (_case, query) => {
    expect(await suggestionsFor(query)).toEqual([]);
  });

  it("lets the person's browser keep an answer, and nothing in between", async () => {
    const response = await get("/api/address-lookup/autocomplete?query=MK9%202HP");

    expect(response.headers["cache-control"]).toBe("private, max-age=300");
  });

  it.each([
    ["made up", "outcode:MK9 2HP:Atlantis"],
    ["of a postcode in another district's town", "outcode:MK40 1AA:Milton Keynes"],
    ["with a postcode not written as Royal Mail writes it", "outcode:mk92hp:Milton Keynes"],
    ["from another provider", "paf_23747771"],
  ])("answers 404 with a violation for an id %s", async (_case, id) => {
    const response = await get(`/api/address-lookup/details?id=${encodeURIComponent(id)}`);

    expect(response.statusCode).toBe(404);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "id", title: messages.addressNotFound },
    ]);
  });

  it.each([
    ["no query", "/api/address-lookup/autocomplete", "query", messages.required],
    ["a blank query", "/api/address-lookup/autocomplete?query=%20%20", "query", messages.required],
    [
      "a query over 100 characters",
      `/api/address-lookup/autocomplete?query=${"a".repeat(101)}`,
      "query",
      messages.tooLong(100),
    ],
    ["no id", "/api/address-lookup/details", "id", messages.required],
    [
      "an id over 200 characters",
      `/api/address-lookup/details?id=${"x".repeat(201)}`,
      "id",
      messages.tooLong(200),
    ],
  ])("refuses %s with a violation naming it", async (_case, url, propertyPath, title) => {
    const response = await get(url);

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([{ propertyPath, title }]);
  });

  it.each(["/api/address-lookup/autocomplete?query=MK92HP", "/api/address-lookup/details?id=x"])(
    "needs a bearer token: %s",
    async (url) => {
      const response = await testApp.app.inject({ method: "GET", url });

      expect(response.statusCode).toBe(401);
    },
  );
});

describe("address lookups from one address", () => {
  let limited: TestApp;
  let limitedToken: string;
  beforeAll(async () => {
    limited = await createTestApp({ ADDRESS_LOOKUPS_PER_ADDRESS_PER_MINUTE: 3 });
    limitedToken = await limited.requestApplicationToken();
  });
  afterAll(() => limited.close());

  const lookup = (url: string, remoteAddress: string) =>
    limited.app.inject({
      method: "GET",
      url,
      remoteAddress,
      headers: { authorization: `Bearer ${limitedToken}` },
    });

  it("are limited per minute across both calls, while other calls and addresses are served", async () => {
    const [first] = addressLookupAutocompleteResponseSchema.parse(
      (await lookup("/api/address-lookup/autocomplete?query=MK92HP", "198.51.100.20")).json(),
    ).suggestions;
    const second = await lookup(
      `/api/address-lookup/details?id=${encodeURIComponent(first?.id ?? "")}`,
      "198.51.100.20",
    );
    const third = await lookup("/api/address-lookup/autocomplete?query=SW1A1AA", "198.51.100.20");
    const refused = await lookup("/api/address-lookup/autocomplete?query=EH11YZ", "198.51.100.20");
    const otherCall = await lookup("/api/plan-options", "198.51.100.20");
    const elsewhere = await lookup("/api/address-lookup/autocomplete?query=EH11YZ", "198.51.100.21");

    expect([second.statusCode, third.statusCode]).toEqual([200, 200]);
    expect(refused.statusCode).toBe(429);
    expect(violationsResponseSchema.parse(refused.json()).violations[0]?.title).toBe(
      messages.tooManyRequests,
    );
    expect(otherCall.statusCode).toBe(200);
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe("the post town data", () => {
  it("knows every district's town, county and nation, from its header on", () => {
    const towns = parsePostTowns(
      "outcode,post_town,county,country\nMK9,Milton Keynes,Buckinghamshire,England\n",
      "test",
    );

    expect(towns.get("MK9")).toEqual([
      { town: "Milton Keynes", county: "Buckinghamshire", country: "England" },
    ]);
  });

  it.each([
    ["a wrong header", "outcode,town\nMK9,Milton Keynes"],
    [
      "a line that is not a district",
      "outcode,post_town,county,country\nMK 9,Milton Keynes,Buckinghamshire,England",
    ],
    ["a line with no town", "outcode,post_town,county,country\nMK9,,Buckinghamshire,England"],
    ["a nation that is not one", "outcode,post_town,county,country\nJE2,Jersey,Channel Isles,Jersey"],
  ])("is refused with %s", (_case, csv) => {
    expect(() => parsePostTowns(csv, "test.csv")).toThrow(/test\.csv/);
  });
});
