import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";

describe("settings", () => {
  it("start offline with development defaults", () => {
    const config = loadConfig({});

    expect(config.API_PORT).toBe(4000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SITE_URL).toBe("http://localhost:3000");
    expect(config.CUSTOMER_TOKEN_LIFETIME_SECONDS).toBe(1800);
    expect(config.MAIL_FROM).toBe("Kindred Funeral Plans <hello@kindred-funerals.example>");
    expect(config.LINK_SIGNING_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("keep the outbox under the data folder unless told otherwise", () => {
    expect(loadConfig({ DATA_DIR: "/srv/kindred" }).OUTBOX_DIR).toBe("/srv/kindred/outbox");
    expect(loadConfig({ DATA_DIR: "/srv/kindred", OUTBOX_DIR: "/tmp/mail" }).OUTBOX_DIR).toBe("/tmp/mail");
  });

  it("build email links from the site address without a trailing slash", () => {
    expect(loadConfig({ SITE_URL: "https://plans.example.org/" }).SITE_URL).toBe("https://plans.example.org");
  });

  it("refuse a short link-signing secret and a mail server that is not SMTP", () => {
    expect(() => loadConfig({ LINK_SIGNING_SECRET: "too-short" })).toThrow(/LINK_SIGNING_SECRET/);
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.org" })).toThrow(/SMTP_URL/);
  });

  it("stop start-up naming every bad value", () => {
    const attempt = () => loadConfig({ API_PORT: "forty", DATABASE_URL: "mysql://db/x" });

    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems.join("\n")).toMatch(/API_PORT/);
      expect((error as ConfigError).problems.join("\n")).toMatch(/DATABASE_URL/);
    }
  });
});
