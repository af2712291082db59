// Two API processes on one PostgreSQL database, each keeping verified tokens in its own memory:
// a sign-out or a password reset on one must stop the token on the other within a second
// (PostgreSQL's LISTEN/NOTIFY between the processes).
// @module-tag engine
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeAccessTokensOf } from "../src/modules/auth/queries";
import { callApi, createSignedInCustomer, signIn } from "./support/customers";
import {
  createSharedTestDatabase,
  createTestApp,
  type SharedTestDatabase,
  type TestApp,
} from "./support/test-app";

let database: SharedTestDatabase;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  database = await createSharedTestDatabase();
  first = await createTestApp({}, { database });
  second = await createTestApp({}, { database });
});
afterAll(async () => {
  await second.close();
  await first.close();
  await database.drop();
});

async function userStatusOn(testApp: TestApp, token: string): Promise<number> {
  return (await callApi(testApp, token, "GET", "/api/user")).statusCode;
}

describe("a token trusted from memory in another process", () => {
  it("stops working there within a second of signing out here", async () => {
    const { token } = await createSignedInCustomer(first);
    expect(await userStatusOn(second, token)).toBe(200);
    expect(await userStatusOn(second, token)).toBe(200);

    expect((await callApi(first, token, "DELETE", "/api/security/token/current")).statusCode).toBe(204);

    expect(await userStatusOn(first, token)).toBe(401);
    await expect.poll(() => userStatusOn(second, token), { timeout: 1_000, interval: 50 }).toBe(401);
  });

  it("stops working there once the person signs out everywhere by resetting the password", async () => {
    const customer = await createSignedInCustomer(first);
    const other = await signIn(first, customer.details.email, customer.details.password);
    expect(await userStatusOn(second, customer.token)).toBe(200);
    expect(await userStatusOn(second, other)).toBe(200);

    // Both of the person's tokens are revoked together, as a password reset does.
    await first.db.transaction((tx) => revokeAccessTokensOf(tx, customer.user.id));

    await expect.poll(() => userStatusOn(second, customer.token), { timeout: 1_000, interval: 50 }).toBe(401);
    expect(await userStatusOn(second, other)).toBe(401);
  });
});
