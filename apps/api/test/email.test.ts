import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxFileName } from "../src/modules/email/delivery";
import { callApi, registrationDetails } from "./support/customers";
import { startFakeSmtpServer, type FakeSmtpServer } from "./support/fake-smtp-server";
import { parseEml } from "./support/outbox";
import { createTestApp, type TestApp } from "./support/test-app";

let smtp: FakeSmtpServer;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Kindred <hello@kindred.test>" });
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

describe("email through SMTP_URL", () => {
  it("sends each message to the SMTP server, and writes nothing to the outbox", async () => {
    const token = await testApp.requestApplicationToken();
    const details = registrationDetails();

    const response = await callApi(testApp, token, "POST", "/api/account/register", details);
    // The registration's email is worked out by its own job first, then sent.
    await testApp.app.accountEmailRequests.idle();
    await testApp.app.mailer.idle();

    expect(response.statusCode).toBe(202);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: "hello@kindred.test", to: [details.email] });
    const message = parseEml("smtp", smtp.received[0]?.data ?? "");
    expect(message.subject).toBe("Please confirm your email address");
    expect(message.partTypes).toEqual(["text/plain", "text/html"]);
    expect(message.text).toContain("/account/confirm-email?id=");
    expect(await readdir(testApp.config.OUTBOX_DIR)).toEqual([]);
  });
});

describe("outbox file names", () => {
  it("start with the time, so they sort in the order they were written, and name the recipient", () => {
    const earlier = outboxFileName("jane@example.com", new Date("2026-11-22T09:05:00.000Z"));
    const later = outboxFileName("ann/../../x@example.com", new Date("2026-11-22T10:00:00.000Z"));

    expect(earlier).toMatch(/^2026-11-22T09-05-00\.000Z_\d{6}_jane@example\.com_[0-9a-f]{8}\.eml$/);
    expect(later).not.toContain("/");
    expect([later, earlier].sort()).toEqual([earlier, later]);
  });

  it("keep the order of two messages written in the same millisecond", () => {
    const at = new Date("2026-11-22T09:05:00.000Z");
    const first = outboxFileName("jane@example.com", at);
    const second = outboxFileName("jane@example.com", at);

    expect([second, first].sort()).toEqual([first, second]);
  });
});
