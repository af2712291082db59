import { describe, expect, it } from "vitest";
import {
  atNeedPhone,
  fillTextPlaceholders,
  firmDetails,
  refundDeadlineInWords,
  supportPhone,
  textPlaceholders,
  whenTheTimeComesMarkdown,
} from "@kindred/domain";

describe("textPlaceholders", () => {
  it("quotes the facts written once elsewhere, and what happens at a death only given the catalogue's first months", () => {
    expect(textPlaceholders()).toMatchObject({
      tradingName: firmDetails.tradingName,
      supportPhone: supportPhone.display,
      atNeedPhone: atNeedPhone.display,
      atNeedPhoneDial: atNeedPhone.dial,
      atNeedHours: atNeedPhone.hours,
      refundDeadline: refundDeadlineInWords,
    });
    expect(textPlaceholders()).not.toHaveProperty("whenTheTimeComes");
    expect(textPlaceholders({ moratoriumMonths: 12 }).whenTheTimeComes).toBe(whenTheTimeComesMarkdown(12));
  });
});

describe("fillTextPlaceholders", () => {
  it("fills every name it knows, leaves a slot for the page, and stops at a name nobody defined", () => {
    const placeholders = { supportPhone: "0800 000 0000" };
    expect(
      fillTextPlaceholders("Call {{supportPhone}}.\n\n{{planTotal}}", placeholders, "a.md", ["planTotal"]),
    ).toBe("Call 0800 000 0000.\n\n{{planTotal}}");
    expect(() => fillTextPlaceholders("Call {{supportPhne}}.", placeholders, "a.md")).toThrow(
      "a.md: unknown placeholder {{supportPhne}}",
    );
  });
});
