/**
 * Where the company is registered, in its parts (the Organization data on the home page needs
 * them so); `firmDetails.registeredOffice` is the same on one line. Every value of `firmDetails`
 * is text, a placeholder in the documents' templates, so the parts stand apart from it.
 */
export const registeredOfficeAddress = {
  building: "Kindred House",
  street: "300 Avebury Boulevard",
  town: "Central Milton Keynes",
  postcode: "MK9 2HP",
  /** ISO 3166-1: the United Kingdom. */
  country: "GB",
} as const;

/**
 * Who we are, the one place it is written: the legal documents, the plan documents and the
 * site's footer all read it from here.
 *
 * PLACEHOLDERS: the company number, the FCA firm reference number, the ICO registration number,
 * the trust and its independent trustee are fictional, to be replaced with the real ones before launch
 * (docs/decisions/012-legal-documents.md lists what to confirm).
 */
export const firmDetails = {
  tradingName: "Kindred Funeral Plans",
  legalName: "Kindred Funeral Plans Limited",
  /** Registered in England and Wales. Placeholder. */
  companyNumber: "14872603",
  /** Financial Services Register number. Placeholder. */
  firmReferenceNumber: "985214",
  /** The Information Commissioner's register of data controllers (the privacy policy). Placeholder. */
  icoRegistrationNumber: "ZB612457",
  /** The registered office on one line, as letters and the footer write it. */
  registeredOffice: `${registeredOfficeAddress.building}, ${registeredOfficeAddress.street}, ${registeredOfficeAddress.town}, ${registeredOfficeAddress.postcode}`,
  email: "care@kindred-funerals.example",
  website: "www.kindred-funerals.example",
  /** The trust that holds every plan's money, apart from ours. Placeholder. */
  trustName: "The Kindred Funeral Plan Trust",
  /** The trustee who is independent of us. Placeholder. */
  independentTrustee: "Lindley Trustee Services Limited",
} as const;

/** Our entry on the FCA's Financial Services Register, found by our firm reference number. */
export const financialServicesRegisterUrl = `https://register.fca.org.uk/s/search?q=${firmDetails.firmReferenceNumber}&type=Companies`;

/**
 * Who we are and who regulates us, as the footer of every page and every email says it (issue 23
 * item 6): who is authorised, the firm reference number with where to check it, and the company.
 */
export const regulatoryIdentity = {
  authorised: `${firmDetails.tradingName} is a trading name of ${firmDetails.legalName}, authorised and regulated by the Financial Conduct Authority.`,
  firmReference: `Our firm reference number is ${firmDetails.firmReferenceNumber}.`,
  checkTheRegister: "Check us on the FCA's Financial Services Register",
  registered: `Registered in England and Wales, company number ${firmDetails.companyNumber}. Registered office: ${firmDetails.registeredOffice}.`,
} as const;
