import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { firmDetails } from "@kindred/domain";
import { SiteFooter } from "./site-footer";

describe("SiteFooter", () => {
  it("says who we are, who regulates us and where to check it, on every page (FPCOB, issue 23 item 6)", () => {
    render(<SiteFooter />);
    const footer = screen.getByRole("contentinfo");
    expect(footer).toHaveTextContent(
      `Kindred Funeral Plans is a trading name of Kindred Funeral Plans Limited, authorised and regulated by the Financial Conduct Authority. Our firm reference number is ${firmDetails.firmReferenceNumber}.`,
    );
    expect(footer).toHaveTextContent(
      `Registered in England and Wales, company number ${firmDetails.companyNumber}. Registered office: ${firmDetails.registeredOffice}.`,
    );
    const register = within(footer).getByRole("link", {
      name: "Check us on the FCA's Financial Services Register",
    });
    expect(register).toHaveAttribute(
      "href",
      `https://register.fca.org.uk/s/search?q=${firmDetails.firmReferenceNumber}&type=Companies`,
    );
  });

  it("links to telling us of a death, from every page (issue 23 item 4)", () => {
    render(<SiteFooter />);
    expect(
      within(screen.getByRole("navigation", { name: "Footer" })).getByRole("link", {
        name: "Tell us someone has died",
      }),
    ).toHaveAttribute("href", "/notify-a-death");
  });
});
