import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";

describe("settings", () => {
  it("start offline with development defaults", () => {
    const config = loadConfig({});

    expect(config.API_PORT).toBe(4000);
    expect(config.DATABASE_URL).toBeUndefined();
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
