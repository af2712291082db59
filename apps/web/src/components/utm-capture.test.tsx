import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { readLocal } from "../lib/storage";
import { navigation } from "../test/fake-navigation";
import { UtmCapture } from "./utm-capture";

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("UtmCapture", () => {
  it("keeps the campaign of the address the visitor lands on, whatever the page, and shows nothing", () => {
    window.history.replaceState(null, "", "/funeral-advice?utm_source=test&utm_campaign=spring");
    navigation.pathname = "/funeral-advice";

    const { container } = render(<UtmCapture />);

    expect(container).toBeEmptyDOMElement();
    expect(readLocal("freeGuideUTMParams")).toEqual({ source: "test", campaign: "spring" });
  });
});
