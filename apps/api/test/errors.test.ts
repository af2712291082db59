import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { violationsResponseSchema } from "@kindred/contracts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  // Two routes that exist only in this file, to show how every route's failures are answered.
  testApp.app.withTypeProvider<ZodTypeProvider>().post(
    "/example/people",
    {
      schema: {
        body: z.object({
          firstName: z.string().min(2, "This value is too short. It should have 2 characters or more."),
          children: z.array(z.object({ age: z.number().int() })),
        }),
      },
    },
    async () => ({ saved: true }),
  );
  testApp.app.get("/example/broken", async () => {
    throw new Error("database password is hunter2");
  });
});
afterAll(() => testApp.close());

describe("error answers", () => {
  it("lists each invalid field as a violation with its property path", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/example/people",
      payload: { firstName: "A", children: [{ age: 3 }, { age: "three" }] },
    });

    expect(response.statusCode).toBe(400);
    const { violations } = violationsResponseSchema.parse(response.json());
    expect(violations).toEqual(
      expect.arrayContaining([
        { propertyPath: "firstName", title: "This value is too short. It should have 2 characters or more." },
        expect.objectContaining({ propertyPath: "children[1].age" }),
      ]),
    );
  });

  it("hides the text of a server error", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/example/broken" });

    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("hunter2");
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "Global", title: "Fatal error please refresh or contact site admin" },
    ]);
  });

  it("answers an unknown route with 404 JSON", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/no/such/place" });

    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(violationsResponseSchema.parse(response.json()).violations[0]?.propertyPath).toBe("Request");
  });

  it("answers an unknown /api route with 404 JSON, with or without a token", async () => {
    const token = await testApp.requestApplicationToken();

    const anonymous = await testApp.app.inject({ method: "GET", url: "/api/nothing-here" });
    const withToken = await testApp.app.inject({
      method: "GET",
      url: "/api/nothing-here",
      headers: { authorization: `Bearer ${token}` },
    });

    expect(anonymous.statusCode).toBe(404);
    expect(withToken.statusCode).toBe(404);
  });
});

describe("input that cannot be stored", () => {
  async function authorised() {
    return { authorization: `Bearer ${await testApp.requestApplicationToken()}` };
  }

  it("answers a record id too large for the database with 400 and the limit, not 500", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/funeral-director/location?id=1e10",
      headers: await authorised(),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      violations: [
        { propertyPath: "id", title: "The value should be equal to or be smaller than 2147483647." },
      ],
    });
  });

  it("refuses a plan whose answers carry a NUL character, and stores nothing", async () => {
    const headers = await authorised();
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/guest/plan",
      headers,
      payload: { flowers: { notes: "White lilies\u0000", contribution: "0", isContributionStep: true } },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      violations: [
        {
          propertyPath: "flowers.notes",
          title: "This value contains characters that cannot be used. Please type it again.",
        },
      ],
    });
    const plans = await testApp.app.inject({ method: "GET", url: "/api/plan", headers });
    expect(plans.json()).toEqual([]);
  });

  it("refuses half of a surrogate pair in a body or a query", async () => {
    const headers = await authorised();
    const body = await testApp.app.inject({
      method: "POST",
      url: "/api/account/forgot-password",
      headers: { ...headers, "content-type": "application/json" },
      payload: '{"email":"margaret\\ud800@example.com"}',
    });
    const query = await testApp.app.inject({
      method: "GET",
      url: "/api/funeral-director/search?postcode=SW1%00",
      headers,
    });

    expect(body.statusCode).toBe(400);
    expect(body.json().violations[0].propertyPath).toBe("email");
    expect(query.statusCode).toBe(400);
    expect(query.json().violations[0].propertyPath).toBe("postcode");
  });

  it("refuses a body nested thousands deep with 400 before anything walks it, and counts no bracket inside text", async () => {
    const headers = { ...(await authorised()), "content-type": "application/json" };
    const deep = `${"[".repeat(60_000)}${"]".repeat(60_000)}`;
    const deepObject = `${'{"a":'.repeat(40)}1${"}".repeat(40)}`;

    for (const payload of [deep, deepObject]) {
      const response = await testApp.app.inject({ method: "POST", url: "/api/guest/plan", headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        violations: [{ propertyPath: "body", title: "This request nests more than 32 levels deep." }],
      });
    }
    const bracketsInText = await testApp.app.inject({
      method: "POST",
      url: "/api/guest/plan",
      headers,
      payload: JSON.stringify({
        flowers: {
          notes: `${"[{".repeat(50)} " ${"}]".repeat(50)}`,
          contribution: "0",
          isContributionStep: true,
        },
      }),
    });
    expect(bracketsInText.statusCode, bracketsInText.body).toBe(201);
  });

  it("reads a body as JSON in UTF-8 only: another charset, or bytes that are not UTF-8, is 415 and stores nothing (issue 45 item 7)", async () => {
    const headers = await authorised();
    const plan = JSON.stringify({ readings: { notes: "Crossing the Bar" } });
    const refusals = [
      { contentType: "application/json; charset=utf-16", payload: Buffer.from(plan, "utf16le") },
      { contentType: "application/json; charset=latin1", payload: Buffer.from(plan, "latin1") },
      { contentType: 'application/json; charset="ISO-8859-1"', payload: Buffer.from(plan, "latin1") },
      // "Crossing the Bär" in Latin-1 (0xE4), declared as UTF-8 by default.
      {
        contentType: "application/json",
        payload: Buffer.concat([
          Buffer.from('{"readings":{"notes":"Crossing the B'),
          Buffer.from([0xe4]),
          Buffer.from('r"}}'),
        ]),
      },
    ];
    for (const { contentType, payload } of refusals) {
      const response = await testApp.app.inject({
        method: "POST",
        url: "/api/guest/plan",
        headers: { ...headers, "content-type": contentType },
        payload,
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toEqual({
        violations: [{ propertyPath: "body", title: "Send the body as JSON in UTF-8." }],
      });
    }
    expect((await testApp.app.inject({ method: "GET", url: "/api/plan", headers })).json()).toEqual([]);

    for (const contentType of [
      "application/json",
      "application/json; charset=UTF-8",
      "application/json;charset=utf8",
    ]) {
      const accepted = await testApp.app.inject({
        method: "POST",
        url: "/api/guest/plan",
        headers: { ...headers, "content-type": contentType },
        payload: Buffer.from(JSON.stringify({ readings: { notes: "Crossing the Bär" } }), "utf8"),
      });
      expect(accepted.statusCode, contentType).toBe(201);
    }
  });

  it("answers an over-long address with 414 in the violations shape", async () => {
    const response = await testApp.app.inject({ method: "GET", url: `/api/plan/${"9".repeat(300)}` });

    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      violations: [{ propertyPath: "Request", title: "This address is too long." }],
    });
  });
});

describe("OpenAPI", () => {
  it("publishes the plan options schema generated from the contracts", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/docs/json" });

    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/plan-options",
        "/token",
        "/readyz",
        "/api/account/register",
        "/api/user",
        "/api/security/token/current",
      ]),
    );
    expect(JSON.stringify(document.paths["/api/plan-options"])).toContain("transportationForAttendeesTypes");
  });

  it("serves a readable docs page", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/docs/" });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });
});
