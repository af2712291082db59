import { randomBytes } from "node:crypto";
import type { CustomerGuestBody, PlanPeopleFields, RegisterBody } from "@kindred/contracts";
import { ukToday, vulnerabilityKinds } from "@kindred/domain";

/**
 * The people a test makes up: their names, addresses and details as forms send them. Nothing
 * here reaches the API, so the end-to-end tests use it too (apps/web/e2e/purchase-support.ts).
 */

/**
 * Today as a person in the UK types it into a date's day, month and year fields ("15", "7",
 * "2026"): the UK day, which is already tomorrow's at 23:30 UTC in summer time.
 */
export function ukTodayAsTyped(): { day: string; month: string; year: string } {
  const [year, month, day] = ukToday().split("-") as [string, string, string];
  return { day: String(Number(day)), month: String(Number(month)), year };
}

/** A password that meets every rule of SPEC.md section 5. */
export const goodPassword = "Quiet-Harbour7";

/** Letters only, so a name is unique in a test and easy to look for in a body. */
function uniqueWord(): string {
  return Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
}

/** A valid registration body; every person gets their own names and address. */
export function registrationDetails(overrides: Partial<RegisterBody> = {}): RegisterBody {
  const word = uniqueWord();
  const email = overrides.email ?? `ada.${word}@example.com`;
  const password = overrides.password ?? goodPassword;
  return {
    firstName: `Ada${word}`,
    lastName: `Lovelace${word}`,
    email,
    confirmEmail: email,
    password,
    passwordRepeat: password,
    ...overrides,
  };
}

/** An address as a person would type it, with the postcode as they might type it. */
export function addressDetails(overrides: Record<string, string> = {}) {
  return {
    line1: "14 Silbury Boulevard",
    line2: "",
    line3: "",
    locality: "Milton Keynes",
    county: "Buckinghamshire",
    country: "England",
    postcode: "mk92hp",
    ...overrides,
  };
}

function noCircumstances() {
  return {
    ...Object.fromEntries(vulnerabilityKinds.map((kind) => [kind, false])),
    notes: "",
  } as PlanPeopleFields["customer"]["vulnerabilities"];
}

/** Valid people for a plan the customer buys for themself: every customer has their own name and email. */
export function peopleDetails(
  customerOverrides: Partial<PlanPeopleFields["customer"]> = {},
): PlanPeopleFields {
  const { firstName, lastName, email } = registrationDetails();
  const customerEmail = customerOverrides.email ?? email;
  return {
    customer: {
      title: "Mrs",
      titleText: "",
      firstName,
      lastName,
      dateOfBirth: { day: "7", month: "03", year: "1948" },
      email: customerEmail,
      confirmEmail: customerEmail,
      phone: "01632 960 001",
      address: addressDetails(),
      preferredContactMethod: "contact_method_email",
      contactMethods: [
        { handle: "email", name: "Email", checked: false },
        { handle: "post", name: "Post", checked: false },
        { handle: "phone", name: "Phone", checked: false },
      ],
      accessibilitySupportForDocumentation: "none",
      agreesToAllDocumentationInEnglish: true,
      receiveCopyInThePost: false,
      vulnerabilities: noCircumstances(),
      vulnerabilityConsent: false,
      ...customerOverrides,
    },
    coveredPerson: null,
    nominee: null,
    payer: null,
  };
}

/** The person covered, when the plan is for someone else: their mother, at another address. */
export function coveredPersonDetails(overrides: Record<string, unknown> = {}) {
  return {
    title: "Mrs",
    titleText: "",
    firstName: "Margaret",
    lastName: "Hughes",
    dateOfBirth: { day: "2", month: "11", year: "1938" },
    isCoveredPersonAwareOfPlan: "yes",
    isSameAddressAsCustomer: "no",
    address: addressDetails({
      line1: "3 Cedar Close",
      locality: "Bedford",
      county: "",
      postcode: "mk40 1aa",
    }),
    relationshipWithCustomer: "Mother",
    ...overrides,
  };
}

/** The body of `POST /api/plan/{id}/customer-guest`: people and a password for the new account. */
export function customerGuestDetails(
  customerOverrides: Partial<PlanPeopleFields["customer"]> = {},
  password = goodPassword,
): PlanPeopleFields & Pick<CustomerGuestBody, "password" | "passwordRepeat"> {
  return { ...peopleDetails(customerOverrides), password, passwordRepeat: password };
}
