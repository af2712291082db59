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
    expect(config.EMAIL_RETRY_LIMIT).toBe(10);
    expect(config.EMAIL_RETRY_DELAY_SECONDS).toBe(10);
    expect(config.EMAIL_RETRY_DELAY_MAX_SECONDS).toBe(3600);
  });

  it("refuse an email retry limit or waits that are not whole numbers in range, or a longest wait below the first", () => {
    expect(loadConfig({ EMAIL_RETRY_LIMIT: "0" }).EMAIL_RETRY_LIMIT).toBe(0);
    expect(() => loadConfig({ EMAIL_RETRY_LIMIT: "-1" })).toThrow(/EMAIL_RETRY_LIMIT/);
    expect(() => loadConfig({ EMAIL_RETRY_LIMIT: "2.5" })).toThrow(/EMAIL_RETRY_LIMIT/);
    expect(() => loadConfig({ EMAIL_RETRY_LIMIT: "many" })).toThrow(/EMAIL_RETRY_LIMIT/);
    expect(() => loadConfig({ EMAIL_RETRY_DELAY_SECONDS: "0" })).toThrow(/EMAIL_RETRY_DELAY_SECONDS/);
    expect(() =>
      loadConfig({ EMAIL_RETRY_DELAY_SECONDS: "60", EMAIL_RETRY_DELAY_MAX_SECONDS: "30" }),
    ).toThrow(/EMAIL_RETRY_DELAY_MAX_SECONDS: must be at least EMAIL_RETRY_DELAY_SECONDS/);
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

  describe("in production", () => {
    const productionSettings = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://kindred@db.internal/kindred",
      SMTP_URL: "smtps://mailer:secret@smtp.example.org:465",
      OAUTH_WEB_CLIENT_SECRET: "3f1c9b7e2a6d4058b1e7c3a9d2f60e4b",
      LINK_SIGNING_SECRET: "9a7e5c3b1d2f4068a0c8e6b4d2f1a3c5e7",
    };

    it("start with a database server, a mail server and secrets of their own", () => {
      expect(loadConfig(productionSettings).NODE_ENV).toBe("production");
    });

    it("refuse PGlite, the outbox and the development secrets, naming each setting", () => {
      const attempt = () => loadConfig({ NODE_ENV: "production" });

      expect(attempt).toThrow(ConfigError);
      const problems = (() => {
        try {
          attempt();
          return [];
        } catch (error) {
          return (error as ConfigError).problems;
        }
      })();
      expect(problems).toEqual([
        "DATABASE_URL: must name the PostgreSQL server in production (PGlite is for development and tests)",
        "SMTP_URL: must name the mail server in production (without it emails are only written to files)",
        "OAUTH_WEB_CLIENT_SECRET: must be changed from the development default in production",
        "LINK_SIGNING_SECRET: must be changed from the development default in production",
      ]);
    });

    it("refuse a secret shorter than 32 characters", () => {
      expect(() =>
        loadConfig({ ...productionSettings, OAUTH_WEB_CLIENT_SECRET: "only-twenty-chars-xx" }),
      ).toThrow("OAUTH_WEB_CLIENT_SECRET: must be at least 32 characters in production");
    });
  });
});
