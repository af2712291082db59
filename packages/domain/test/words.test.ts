import { describe, expect, it } from "vitest";
import { withIndefiniteArticle } from "@kindred/domain";

describe("a or an", () => {
  it.each([
    ["unattended cremation", "an unattended cremation"],
    ["attended funeral", "an attended funeral"],
    ["private farewell", "a private farewell"],
    ["direct cremation", "a direct cremation"],
    ["hour", "an hour"],
    ["unique service", "a unique service"],
    ["one-off payment", "a one-off payment"],
  ])("%s reads %s", (phrase, read) => {
    expect(withIndefiniteArticle(phrase)).toBe(read);
  });
});
