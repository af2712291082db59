import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CustomerSiteOnly } from "./customer-site-only";

let pathname = "/";
vi.mock("next/navigation", () => ({ usePathname: () => pathname }));

describe("CustomerSiteOnly", () => {
  it.each(["/", "/planning/attendance", "/staffing-news"])("shows the site's header on %s", (path) => {
    pathname = path;
    render(<CustomerSiteOnly>site header</CustomerSiteOnly>);
    expect(screen.getByText("site header")).toBeInTheDocument();
  });

  it.each(["/staff", "/staff/sign-in", "/staff/invitation"])(
    "leaves it out of the back office, %s",
    (path) => {
      pathname = path;
      const { container } = render(<CustomerSiteOnly>site header</CustomerSiteOnly>);
      expect(container).toBeEmptyDOMElement();
    },
  );
});
