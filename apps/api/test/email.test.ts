import { once } from "node:events";
import { readdir } from "node:fs/promises";
import { createServer, type AddressInfo, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxFileName } from "../src/modules/email/mailer";
import { callApi, registrationDetails } from "./support/customers";
import { parseEml } from "./support/outbox";
import { createTestApp, type TestApp } from "./support/test-app";

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * The smallest SMTP server nodemailer will talk to (no TLS, no authentication), on 127.0.0.1:
 * enough to see what the API hands to a real mail server.
 */
async function startFakeSmtpServer(): Promise<{ server: Server; url: string; received: ReceivedMail[] }> {
  const received: ReceivedMail[] = [];
  const server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    socket.write("220 fake-smtp ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: "", to: [], data: "" };
          socket.write("250 queued\r\n");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") socket.write("250 fake-smtp\r\n");
        else if (command === "MAIL") {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          socket.write("250 ok\r\n");
        } else if (command === "RCPT") {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          socket.write("250 ok\r\n");
        } else if (command === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (command === "QUIT") {
          socket.end("221 bye\r\n");
          return;
        } else socket.write("250 ok\r\n");
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { server, url: `smtp://127.0.0.1:${port}`, received };
}

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Kindred <hello@kindred.test>" });
});
afterAll(async () => {
  await testApp.close();
  smtp.server.close();
});

describe("email through SMTP_URL", () => {
  it("sends each message to the SMTP server, and writes nothing to the outbox", async () => {
    const token = await testApp.requestApplicationToken();
    const details = registrationDetails();

    const response = await callApi(testApp, token, "POST", "/api/account/register", details);
    await testApp.app.mailer.idle();

    expect(response.statusCode).toBe(201);
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
