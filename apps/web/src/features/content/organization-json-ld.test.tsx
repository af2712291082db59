import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { firmDetails, registeredOfficeAddress, supportPhone } from "@kindred/domain";
import { JsonLd } from "../../components/json-ld";
import { organizationJsonLd } from "./organization-json-ld";

const origin = "https://www.kindred-funerals.example";

/** The structured data as a search engine reads it: the script's text, parsed as JSON. */
function readStructuredData(): Record<string, unknown> {
  const { container } = render(<JsonLd data={organizationJsonLd(origin)} />);
  const script = container.querySelector('script[type="application/ld+json"]');
  return JSON.parse(script?.textContent ?? "") as Record<string, unknown>;
}

describe("the Organization structured data on the home page", () => {
  it("names the regulated firm, its FCA firm reference number and its company number", () => {
    const data = readStructuredData();
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: firmDetails.tradingName,
      legalName: firmDetails.legalName,
      url: `${origin}/`,
      logo: `${origin}/icon.svg`,
      telephone: supportPhone.dial,
    });
    expect(data.identifier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          "@type": "PropertyValue",
          propertyID: "FCA firm reference number",
          value: firmDetails.firmReferenceNumber,
        }),
        expect.objectContaining({ value: firmDetails.companyNumber }),
      ]),
    );
  });

  it("gives the registered office, the same as the footer's one line", () => {
    const address = readStructuredData().address as Record<string, string>;
    expect(address).toEqual({
      "@type": "PostalAddress",
      streetAddress: `${registeredOfficeAddress.building}, ${registeredOfficeAddress.street}`,
      addressLocality: registeredOfficeAddress.town,
      postalCode: registeredOfficeAddress.postcode,
      addressCountry: "GB",
    });
    expect(firmDetails.registeredOffice).toBe(
      `${address.streetAddress}, ${address.addressLocality}, ${address.postalCode}`,
    );
  });
});
