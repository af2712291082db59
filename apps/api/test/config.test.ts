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

  describe("for payments", () => {
    const problemsOf = (settings: Record<string, string>): string[] => {
      try {
        loadConfig(settings);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    it("start with both sandboxes, Stripe's own API, GoCardless's live API and a ten-second limit", () => {
      const config = loadConfig({});

      expect(config.CARD_PAYMENT_PROVIDER).toBe("sandbox");
      expect(config.DIRECT_DEBIT_PROVIDER).toBe("sandbox");
      expect(config.STRIPE_API_BASE_URL).toBeUndefined();
      expect(config.GOCARDLESS_BASE_URL).toBe("https://api.gocardless.com");
      expect(config.PAYMENT_PROVIDER_TIMEOUT_MS).toBe(10_000);
    });

    it("refuse Stripe without its secret key, webhook secret and publishable key, naming each", () => {
      expect(problemsOf({ CARD_PAYMENT_PROVIDER: "stripe" })).toEqual([
        "STRIPE_SECRET_KEY: must be set when CARD_PAYMENT_PROVIDER is stripe",
        "STRIPE_WEBHOOK_SECRET: must be set when CARD_PAYMENT_PROVIDER is stripe",
        "STRIPE_PUBLISHABLE_KEY: must be set when CARD_PAYMENT_PROVIDER is stripe",
      ]);
      expect(
        problemsOf({
          CARD_PAYMENT_PROVIDER: "stripe",
          STRIPE_SECRET_KEY: "sk_test_51Kindred0123",
          STRIPE_PUBLISHABLE_KEY: "pk_test_51Kindred0123",
        }),
      ).toEqual(["STRIPE_WEBHOOK_SECRET: must be set when CARD_PAYMENT_PROVIDER is stripe"]);
    });

    it("refuse GoCardless without its access token and webhook secret, naming each", () => {
      expect(problemsOf({ DIRECT_DEBIT_PROVIDER: "gocardless" })).toEqual([
        "GOCARDLESS_ACCESS_TOKEN: must be set when DIRECT_DEBIT_PROVIDER is gocardless",
        "GOCARDLESS_WEBHOOK_SECRET: must be set when DIRECT_DEBIT_PROVIDER is gocardless",
      ]);
      expect(
        problemsOf({ DIRECT_DEBIT_PROVIDER: "gocardless", GOCARDLESS_WEBHOOK_SECRET: "webhook-secret" }),
      ).toEqual(["GOCARDLESS_ACCESS_TOKEN: must be set when DIRECT_DEBIT_PROVIDER is gocardless"]);
    });

    it("start with a real provider once its secrets are given", () => {
      const config = loadConfig({
        CARD_PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_51Kindred0123",
        STRIPE_WEBHOOK_SECRET: "whsec_Kindred0123",
        STRIPE_PUBLISHABLE_KEY: "pk_test_51Kindred0123",
        STRIPE_API_BASE_URL: "http://127.0.0.1:12111",
        DIRECT_DEBIT_PROVIDER: "gocardless",
        GOCARDLESS_ACCESS_TOKEN: "sandbox_Kindred0123",
        GOCARDLESS_WEBHOOK_SECRET: "webhook-secret",
        GOCARDLESS_BASE_URL: "https://api-sandbox.gocardless.com/",
      });

      expect(config.STRIPE_API_BASE_URL).toBe("http://127.0.0.1:12111");
      expect(config.GOCARDLESS_BASE_URL).toBe("https://api-sandbox.gocardless.com");
    });

    it("refuse a publishable key or a made-up webhook secret for Stripe, an unknown provider and a limit out of range", () => {
      expect(problemsOf({ STRIPE_SECRET_KEY: "pk_live_51Kindred0123" })).toEqual([
        "STRIPE_SECRET_KEY: must be a Stripe secret key (sk_live_..., sk_test_... or rk_...)",
      ]);
      expect(problemsOf({ STRIPE_PUBLISHABLE_KEY: "sk_test_51Kindred0123" })).toEqual([
        "STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key (pk_live_... or pk_test_...)",
      ]);
      expect(problemsOf({ STRIPE_WEBHOOK_SECRET: "secret" })).toEqual([
        "STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret (whsec_...)",
      ]);
      expect(problemsOf({ CARD_PAYMENT_PROVIDER: "paypal" })).toEqual([
        expect.stringMatching(/^CARD_PAYMENT_PROVIDER: /),
      ]);
      expect(problemsOf({ DIRECT_DEBIT_PROVIDER: "bacs-bureau" })).toEqual([
        expect.stringMatching(/^DIRECT_DEBIT_PROVIDER: /),
      ]);
      expect(problemsOf({ PAYMENT_PROVIDER_TIMEOUT_MS: "0" })).toEqual([
        expect.stringMatching(/^PAYMENT_PROVIDER_TIMEOUT_MS: /),
      ]);
      expect(problemsOf({ GOCARDLESS_BASE_URL: "ftp://api.gocardless.com" })).toEqual([
        "GOCARDLESS_BASE_URL: must be an http:// or https:// address",
      ]);
    });
  });

  describe("in production", () => {
    const productionSettings = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://kindred@db.internal/kindred",
      SMTP_URL: "smtps://mailer:secret@smtp.example.org:465",
      OAUTH_WEB_CLIENT_SECRET: "3f1c9b7e2a6d4058b1e7c3a9d2f60e4b",
      LINK_SIGNING_SECRET: "9a7e5c3b1d2f4068a0c8e6b4d2f1a3c5e7",
      CARD_PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_live_51KindredExample0123456789",
      STRIPE_WEBHOOK_SECRET: "whsec_KindredExample0123456789",
      STRIPE_PUBLISHABLE_KEY: "pk_live_51KindredExample0123456789",
      DIRECT_DEBIT_PROVIDER: "gocardless",
      GOCARDLESS_ACCESS_TOKEN: "live_KindredExample0123456789",
      GOCARDLESS_WEBHOOK_SECRET: "kindred-example-gocardless-webhook-secret",
    };

    it("start with a database server, a mail server, real payment providers and secrets of their own", () => {
      const config = loadConfig(productionSettings);

      expect(config.NODE_ENV).toBe("production");
      expect(config.CARD_PAYMENT_PROVIDER).toBe("stripe");
      expect(config.DIRECT_DEBIT_PROVIDER).toBe("gocardless");
    });

    it("refuse PGlite, the outbox, the payment sandboxes and the development secrets, naming each setting", () => {
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
        "CARD_PAYMENT_PROVIDER: must be stripe in production (the sandbox takes test cards and moves no money)",
        "DIRECT_DEBIT_PROVIDER: must be gocardless in production (the sandbox sets up no mandate and collects nothing)",
        "OAUTH_WEB_CLIENT_SECRET: must be changed from the development default in production",
        "LINK_SIGNING_SECRET: must be changed from the development default in production",
      ]);
    });

    it("refuse either payment sandbox on its own, naming its setting", () => {
      expect(() => loadConfig({ ...productionSettings, CARD_PAYMENT_PROVIDER: "sandbox" })).toThrow(
        "CARD_PAYMENT_PROVIDER: must be stripe in production",
      );
      expect(() => loadConfig({ ...productionSettings, DIRECT_DEBIT_PROVIDER: "sandbox" })).toThrow(
        "DIRECT_DEBIT_PROVIDER: must be gocardless in production",
      );
    });

    it("refuse a secret shorter than 32 characters", () => {
      expect(() =>
        loadConfig({ ...productionSettings, OAUTH_WEB_CLIENT_SECRET: "only-twenty-chars-xx" }),
      ).toThrow("OAUTH_WEB_CLIENT_SECRET: must be at least 32 characters in production");
    });
  });
});
