import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  funeralDirectorBranchSchema,
  funeralDirectorSearchResponseSchema,
  violationsResponseSchema,
  type FuneralDirectorSearchResponse,
} from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { funeralDirectorBranches } from "../src/db/schema";
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

async function search(postcode: string): Promise<FuneralDirectorSearchResponse> {
  const response = await get(`/api/funeral-director/search?postcode=${encodeURIComponent(postcode)}`);
  expect(response.statusCode).toBe(200);
  return funeralDirectorSearchResponseSchema.parse(response.json());
}

const codesOf = (result: FuneralDirectorSearchResponse) => result.branches.map((branch) => branch.code);

describe("GET /api/funeral-director/search", () => {
  it("finds the London branches first from a Westminster postcode, nearest first", async () => {
    const result = await search("SW1A 1AA");

    expect(result.outcode).toBe("SW1A");
    expect(result.isFallback).toBe(false);
    expect(result.branches.length).toBeGreaterThanOrEqual(3);
    expect(result.branches.length).toBeLessThanOrEqual(5);
    expect(codesOf(result).slice(0, 3).sort()).toEqual([
      "londonDulwich",
      "londonIslington",
      "londonWalthamstow",
    ]);
    const distances = result.branches.map((branch) => branch.distanceMiles ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((first, second) => first - second));
    for (const distance of distances) {
      expect(distance).toBeGreaterThan(0);
      expect(distance).toBeLessThanOrEqual(50);
    }
  });

  it("never offers the head office or a branch that does not arrange funerals among the nearest", async () => {
    const result = await search("MK9 2HP");

    expect(result.isFallback).toBe(false);
    expect(result.branches.every((branch) => !branch.isHeadOffice)).toBe(true);
    expect(result.branches.every((branch) => branch.active && branch.allowsFuneralDirectorServices)).toBe(
      true,
    );
  });

  it("reads any capitals and spacing the same, and a district on its own", async () => {
    const spaced = await search("sw1a1aa");
    const district = await search("  Sw1A ");

    expect(spaced.outcode).toBe("SW1A");
    expect(codesOf(spaced)).toEqual(codesOf(await search("SW1A 1AA")));
    expect(district.outcode).toBe("SW1A");
    expect(codesOf(district)).toEqual(codesOf(spaced));
  });

  it("finds the Aberdeen branch first from an Aberdeen postcode", async () => {
    const result = await search("AB10 1AA");

    expect(result.outcode).toBe("AB10");
    expect(result.isFallback).toBe(false);
    expect(result.branches[0]?.code).toBe("aberdeen");
    expect(result.branches[0]?.distanceMiles).toBeLessThan(5);
  });

  it("skips a branch that is closed, even when it is the nearest", async () => {
    const result = await search("IV2 4AA");

    expect(codesOf(result)).not.toContain("inverness");
  });

  it("offers the head office when the postcode is well formed but unknown", async () => {
    const result = await search("ZZ99 9ZZ");

    expect(result.outcode).toBeNull();
    expect(result.isFallback).toBe(true);
    expect(result.branches).toHaveLength(1);
    expect(result.branches[0]?.isHeadOffice).toBe(true);
    expect(result.branches[0]?.distanceMiles).toBeNull();
  });

  it("offers the head office when no branch is within 50 miles", async () => {
    const result = await search("ZE1 0AA");

    expect(result.outcode).toBe("ZE1");
    expect(result.isFallback).toBe(true);
    expect(result.branches.map((branch) => branch.isHeadOffice)).toEqual([true]);
    expect(result.branches[0]?.distanceMiles).toBeGreaterThan(50);
  });

  it("gives each branch its coordinate and a picture address to size", async () => {
    const [branch] = (await search("AB10")).branches;

    expect(branch?.coordinate.latitude).toBeCloseTo(57.13, 1);
    expect(branch?.coordinate.longitude).toBeCloseTo(-2.13, 1);
    expect(branch?.imageUrl).toMatch(/\?width=\{width\}&height=\{height\}$/);
  });

  it.each([
    ["too short", "x"],
    ["not a postcode", "HELLO!"],
    ["digits only", "12345"],
  ])("refuses a postcode that is %s with violations", async (_case, postcode) => {
    const response = await get(`/api/funeral-director/search?postcode=${encodeURIComponent(postcode)}`);

    expect(response.statusCode).toBe(400);
    const { violations } = violationsResponseSchema.parse(response.json());
    expect(violations.map((violation) => violation.propertyPath)).toEqual(["postcode"]);
  });

  it("says what a postcode looks like when the text is not one", async () => {
    const response = await get("/api/funeral-director/search?postcode=HELLO");

    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "postcode", title: messages.postcodeNotValid },
    ]);
  });

  it("refuses a search with no postcode", async () => {
    const response = await get("/api/funeral-director/search");

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations[0]?.propertyPath).toBe("postcode");
  });

  it("needs a bearer token", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/funeral-director/search?postcode=SW1A",
    });

    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/funeral-director/location", () => {
  it("answers an open branch by its id", async () => {
    const [aberdeen] = (await search("AB10 1AA")).branches;

    const response = await get(`/api/funeral-director/location?id=${aberdeen?.id}`);

    expect(response.statusCode).toBe(200);
    const branch = funeralDirectorBranchSchema.parse(response.json());
    expect(branch).toMatchObject({ id: aberdeen?.id, code: "aberdeen", active: true, isHeadOffice: false });
    expect(branch.address.postcode).toBe("AB10 6PS");
  });

  it("answers the head office, which a visitor with no branch near them can choose", async () => {
    const [headOffice] = (await search("ZZ99 9ZZ")).branches;

    const response = await get(`/api/funeral-director/location?id=${headOffice?.id}`);

    expect(response.statusCode).toBe(200);
    expect(funeralDirectorBranchSchema.parse(response.json()).isHeadOffice).toBe(true);
  });

  it("answers 404 for a closed branch and an unknown id", async () => {
    const [inverness] = await testApp.db
      .select({ id: funeralDirectorBranches.id, active: funeralDirectorBranches.active })
      .from(funeralDirectorBranches)
      .where(eq(funeralDirectorBranches.code, "inverness"));
    expect(inverness?.active).toBe(false);

    for (const id of [inverness?.id, 999_999]) {
      const response = await get(`/api/funeral-director/location?id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
        { propertyPath: "Request", title: "No such funeral director" },
      ]);
    }
  });

  it.each(["abc", "0", "-3", "1.5"])("refuses id=%s with violations", async (id) => {
    const response = await get(`/api/funeral-director/location?id=${id}`);

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations[0]?.propertyPath).toBe("id");
  });
});
