// @vitest-environment node
import { firmDetails, supportPhone } from "@kindred/domain";
import { describe, expect, it } from "vitest";

const { loadInformationPage } = await import("./information-pages.server");
const { blocksAsPlainText } = await import("../../components/page-markdown");

const textOf = (slug: "complaints" | "accessibility") => blocksAsPlainText(loadInformationPage(slug).blocks);

describe("making a complaint (/complaints)", () => {
  const text = textOf("complaints");

  it("gives every way to complain, from the one firm details block", () => {
    expect(loadInformationPage("complaints").title).toBe("Making a complaint");
    expect(text).toContain(supportPhone.display);
    expect(text).toContain(firmDetails.email);
    expect(text).toContain(`the Complaints Team, ${firmDetails.legalName}, ${firmDetails.registeredOffice}`);
    expect(text).toContain(`firm reference number ${firmDetails.firmReferenceNumber}`);
    expect(text).not.toMatch(/\{\{|\}\}/);
  });

  it("promises a prompt acknowledgement and a final answer within 8 weeks (the FCA's DISP 1.6)", () => {
    expect(text).toContain("We acknowledge your complaint promptly");
    expect(text).toContain("We send you our final answer within 8 weeks");
  });

  it("names the Financial Ombudsman Service, free, with its contact details and the 6 months to go to it", () => {
    expect(text).toContain("0800 023 4567");
    expect(text).toContain("complaint.info@financial-ombudsman.org.uk");
    expect(text).toContain("Exchange Tower, London E14 9SR");
    expect(text).toContain("within 6 months of our final answer");
  });
});

describe("the accessibility statement (/accessibility)", () => {
  const text = textOf("accessibility");

  it("says the standard, what is known not to work as well, and how to report a problem", () => {
    expect(loadInformationPage("accessibility").title).toBe("Accessibility statement");
    expect(text).toContain("WCAG) version 2.2, at level AA");
    expect(text).toContain("Our PDF documents");
    expect(text).toContain(supportPhone.display);
    expect(text).toContain(firmDetails.email);
  });
});
