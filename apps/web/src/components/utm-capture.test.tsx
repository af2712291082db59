import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readLocal } from "../lib/storage";
import { UtmCapture } from "./utm-capture";

vi.mock("next/navigation", () => ({ usePathname: () => window.location.pathname }));

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("UtmCapture", () => {
  it("keeps the campaign of the address the visitor lands on, whatever the page, and shows nothing", () => {
    window.history.replaceState(null, "", "/funeral-advice?utm_source=test&utm_campaign=spring");

    const { container } = render(<UtmCapture />);

    expect(container).toBeEmptyDOMElement();
    expect(readLocal("freeGuideUTMParams")).toEqual({ source: "test", campaign: "spring" });
  });
});
