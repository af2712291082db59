import {
  atNeedPhone,
  financialServicesRegisterUrl,
  firmDetails,
  registeredOfficeAddress as office,
  supportPhone,
} from "@kindred/domain";

/**
 * schema.org `Organization` structured data for the home page (issue 25 item 11): who the
 * regulated firm is, how to reach it, and the numbers to check it by, all from firm-details.ts
 * and contact-details.ts. `Organization` rather than a local business: people buy online or by
 * phone, and nobody visits the registered office. No `sameAs`: we link no profile elsewhere.
 */
export function organizationJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${origin}/#organization`,
    name: firmDetails.tradingName,
    legalName: firmDetails.legalName,
    url: `${origin}/`,
    logo: `${origin}/icon.svg`,
    email: firmDetails.email,
    telephone: supportPhone.dial,
    address: {
      "@type": "PostalAddress",
      streetAddress: `${office.building}, ${office.street}`,
      addressLocality: office.town,
      postalCode: office.postcode,
      addressCountry: office.country,
    },
    identifier: [
      {
        "@type": "PropertyValue",
        propertyID: "FCA firm reference number",
        value: firmDetails.firmReferenceNumber,
        url: financialServicesRegisterUrl,
      },
      {
        "@type": "PropertyValue",
        propertyID: "Company number (England and Wales)",
        value: firmDetails.companyNumber,
      },
    ],
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "customer service",
        telephone: supportPhone.dial,
        areaServed: "GB",
        availableLanguage: "en-GB",
      },
      {
        "@type": "ContactPoint",
        contactType: "telling us that someone has died",
        telephone: atNeedPhone.dial,
        areaServed: "GB",
        availableLanguage: "en-GB",
      },
    ],
  };
}
