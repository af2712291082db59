import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directDebitVerifyResponseSchema, violationsResponseSchema } from "@kindred/contracts";
import { messages, purchaseMessages } from "@kindred/domain";
import { callApi } from "./support/customers";
import { createTestApp, type TestApp } from "./support/test-app";

let testApp: TestApp;
let token: string;
beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: "trace" });
  token = await testApp.requestApplicationToken();
});
afterAll(() => testApp.close());

const verify = (payload: unknown, remoteAddress?: string) =>
  callApi(testApp, token, "POST", "/api/direct-debit-v2/verify", payload, remoteAddress);

const margaret = { accountHolderName: "Margaret Hughes" };

describe("POST /api/direct-debit-v2/verify", () => {
  it.each(["20-00-00", "200000", "20 00 00"])(
    "passes the scheme's test account 55779911 at sort code %j, answering only its last four digits",
    async (sortCode) => {
      const response = await verify({ ...margaret, sortCode, accountNumber: "55779911" });

      expect(response.statusCode).toBe(200);
      expect(directDebitVerifyResponseSchema.strict().parse(response.json())).toEqual({
        valid: true,
        sortCode: "20-00-00",
        accountNumberEnding: "9911",
      });
      expect(response.body).not.toContain("55779911");
      expect(response.headers["cache-control"]).toBe("no-store");
    },
  );

  it("refuses 20-00-00 12345678, which fails the modulus check, with a violation on the account number", async () => {
    const response = await verify({ ...margaret, sortCode: "20-00-00", accountNumber: "12345678" });

    expect(response.statusCode).toBe(422);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([
      { propertyPath: "accountNumber", title: purchaseMessages.bankDetailsCheckFailed },
    ]);
    expect(response.body).not.toContain("12345678");
  });

  it("reads a seven-digit account number with a zero in front, as Vocalink's rule says", async () => {
    // Vocalink's test case 34 (exception 14): 18-00-02 00000190 passes.
    const response = await verify({ ...margaret, sortCode: "180002", accountNumber: "0000190" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: true, sortCode: "18-00-02", accountNumberEnding: "0190" });
  });

  it.each([
    ["no sort code", { ...margaret, accountNumber: "55779911" }, "sortCode", messages.required],
    [
      "letters in the sort code",
      { ...margaret, sortCode: "2O-OO-OO", accountNumber: "55779911" },
      "sortCode",
      messages.numbersOnly,
    ],
    [
      "a five-digit sort code",
      { ...margaret, sortCode: "20-00-0", accountNumber: "55779911" },
      "sortCode",
      messages.digitCount(6),
    ],
    [
      "no account number",
      { ...margaret, sortCode: "20-00-00", accountNumber: " " },
      "accountNumber",
      messages.required,
    ],
    [
      "a ten-digit account number",
      { ...margaret, sortCode: "20-00-00", accountNumber: "5577991100" },
      "accountNumber",
      messages.digitCount(8),
    ],
    [
      "a number for the account number",
      { ...margaret, sortCode: "20-00-00", accountNumber: 55779911 },
      "accountNumber",
      messages.required,
    ],
    [
      "no account holder",
      { sortCode: "20-00-00", accountNumber: "55779911" },
      "accountHolderName",
      messages.required,
    ],
    [
      "a one-letter account holder",
      { accountHolderName: "M", sortCode: "20-00-00", accountNumber: "55779911" },
      "accountHolderName",
      messages.tooShort(2),
    ],
  ])("refuses %s with a violation naming the field", async (_case, payload, propertyPath, title) => {
    const response = await verify(payload);

    expect(response.statusCode).toBe(400);
    expect(violationsResponseSchema.parse(response.json()).violations).toEqual([{ propertyPath, title }]);
    expect(response.body).not.toContain("55779911");
  });

  it("needs a bearer token", async () => {
    const response = await callApi(testApp, null, "POST", "/api/direct-debit-v2/verify", {
      ...margaret,
      sortCode: "20-00-00",
      accountNumber: "55779911",
    });

    expect(response.statusCode).toBe(401);
  });

  it("never logs an account number, whether the details pass, fail or are malformed: its last four digits at most", async () => {
    const accounts = ["55779911", "12345678", "87654321"];
    const responses = [
      await verify({ ...margaret, sortCode: "20-00-00", accountNumber: "5577 9911" }),
      await verify({ ...margaret, sortCode: "20-00-00", accountNumber: "12345678" }),
      await verify({ ...margaret, sortCode: "20-00-0x", accountNumber: "87654321" }),
    ];

    expect(responses.map((response) => response.statusCode)).toEqual([200, 422, 400]);
    const written = testApp.logs.join("\n");
    expect(written).toContain("/api/direct-debit-v2/verify");
    for (const account of accounts) {
      expect(written).not.toContain(account);
      expect(written).not.toContain(`${account.slice(0, 4)} ${account.slice(4)}`);
    }
    expect(written).not.toContain(margaret.accountHolderName);
    const checked = testApp.logs
      .filter((line) => line.includes('"msg":"checking bank details"'))
      .map((line) => (JSON.parse(line) as { accountNumberEnding?: string }).accountNumberEnding);
    expect(checked).toEqual(expect.arrayContaining(["9911", "5678"]));
  });
});

describe("bank details checks from one address", () => {
  let limited: TestApp;
  let limitedToken: string;
  beforeAll(async () => {
    limited = await createTestApp({ BANK_DETAILS_CHECKS_PER_ADDRESS_PER_MINUTE: 3 });
    limitedToken = await limited.requestApplicationToken();
  });
  afterAll(() => limited.close());

  const check = (accountNumber: string, remoteAddress: string) =>
    callApi(
      limited,
      limitedToken,
      "POST",
      "/api/direct-debit-v2/verify",
      { ...margaret, sortCode: "20-00-00", accountNumber },
      remoteAddress,
    );

  it("are limited per minute, passing or failing, while other calls and addresses are served", async () => {
    const allowed = [
      await check("55779911", "198.51.100.30"),
      await check("12345678", "198.51.100.30"),
      await check("55779911", "198.51.100.30"),
    ];
    const refused = await check("55779911", "198.51.100.30");
    const otherCall = await callApi(
      limited,
      limitedToken,
      "GET",
      "/api/plan-options",
      undefined,
      "198.51.100.30",
    );
    const elsewhere = await check("55779911", "198.51.100.31");

    expect(allowed.map((response) => response.statusCode)).toEqual([200, 422, 200]);
    expect(refused.statusCode).toBe(429);
    expect(violationsResponseSchema.parse(refused.json()).violations[0]?.title).toBe(
      messages.tooManyRequests,
    );
    expect(otherCall.statusCode).toBe(200);
    expect(elsewhere.statusCode).toBe(200);
  });
});
