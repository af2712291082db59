import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { navigation } from "../test/fake-navigation";
import { CustomerSiteOnly } from "./customer-site-only";

describe("CustomerSiteOnly", () => {
  it.each(["/", "/planning/attendance", "/staffing-news"])("shows the site's header on %s", (path) => {
    navigation.pathname = path;
    render(<CustomerSiteOnly>site header</CustomerSiteOnly>);
    expect(screen.getByText("site header")).toBeInTheDocument();
  });

  it.each(["/staff", "/staff/sign-in", "/staff/invitation"])(
    "leaves it out of the back office, %s",
    (path) => {
      navigation.pathname = path;
      const { container } = render(<CustomerSiteOnly>site header</CustomerSiteOnly>);
      expect(container).toBeEmptyDOMElement();
    },
  );
});
