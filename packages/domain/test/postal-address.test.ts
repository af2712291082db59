import { describe, expect, it } from "vitest";
import { formatPostalAddress } from "@kindred/domain";

describe("formatPostalAddress", () => {
  it("writes an address on one line without its empty parts", () => {
    expect(
      formatPostalAddress({
        line1: " 1 High Street ",
        line2: "",
        locality: "Bedford",
        county: "",
        postcode: "MK40 1AA",
      }),
    ).toBe("1 High Street, Bedford, MK40 1AA");
  });
});
