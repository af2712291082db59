import { describe, expect, it } from "vitest";
import { utmParamMaximumLength } from "@kindred/domain";
import {
  captureUtmParams,
  storedFreeGuideRef,
  storedUtmParams,
  utmParamsFromSearch,
} from "./free-guide-storage";
import { readLocal, writeLocal } from "./storage";

describe("the campaign a visitor came from (freeGuideUTMParams)", () => {
  it("is read from the utm_ parameters of the address, trimmed and cut to the length kept", () => {
    expect(
      utmParamsFromSearch(
        `?utm_source=%20test%20&utm_campaign=spring&utm_medium=&plan=1&utm_content=${"a".repeat(300)}`,
      ),
    ).toEqual({ source: "test", campaign: "spring", content: "a".repeat(utmParamMaximumLength) });
    expect(utmParamsFromSearch("?plan=1")).toBeNull();
  });

  it("is kept in local storage, JSON-encoded, until a visit from another campaign replaces it", () => {
    captureUtmParams("?utm_source=test&utm_campaign=spring");
    captureUtmParams("");
    captureUtmParams("?step=coffin");

    expect(window.localStorage.getItem("freeGuideUTMParams")).toBe(
      JSON.stringify({ source: "test", campaign: "spring" }),
    );
    expect(storedUtmParams()).toEqual({ source: "test", campaign: "spring" });

    captureUtmParams("?utm_source=leaflet");
    expect(readLocal("freeGuideUTMParams")).toEqual({ source: "leaflet" });
  });

  it("reads as none when what is stored is not a campaign, and the reference only when it is one", () => {
    writeLocal("freeGuideUTMParams", { source: 42 });
    writeLocal("freeGuideRef", "not-a-reference");

    expect(storedUtmParams()).toEqual({});
    expect(storedFreeGuideRef()).toBeNull();
  });
});
