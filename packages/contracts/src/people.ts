import {
  accessibilitySupportKinds,
  adultAge,
  confirmEmailProblems,
  countries,
  dateOfBirthIso,
  dateOfBirthProblems,
  emailProblems,
  hasToldUsCircumstances,
  marketingChannels,
  messages,
  nameProblems,
  normalisePostcode,
  phoneProblems,
  postcodeProblems,
  preferredContactMethods,
  textProblems,
  titles,
  ukToday,
  vulnerabilityKinds,
  yesNo,
  type DateOfBirthFields,
  type DateOfBirthProblems,
  type VulnerabilityKind,
} from "@kindred/domain";
import { z } from "zod";
import { confirmedTwice, ruled } from "./ruled";

/**
 * The four people of a plan (SPEC.md section 3, "Person" and "Address"; issue 9 item 4), as the
 * purchase forms send them and the API stores them. The web's forms are held to these schemas,
 * so a person sees the API's rules, word for word, before anything is sent.
 */

const lineLength = 100;
const notesLength = 1000;

export function optionalText(maximum: number) {
  return z
    .string()
    .max(maximum, messages.tooLong(maximum))
    .transform((value) => value.trim());
}

/**
 * One of a list of values, with SPEC.md's "This field is required" for an empty or unknown one.
 * Forms hold any string (nothing chosen is ""), so the input is a string.
 */
export function oneOf<const Values extends readonly [string, ...string[]]>(
  values: Values,
  message: string = messages.required,
) {
  return z.string({ error: message }).pipe(z.enum(values, { error: message }));
}

/** SPEC.md's Address. The postcode is checked and stored in Royal Mail's form ("MK9 2HP"). */
const addressSchema = z.object({
  line1: ruled((value) => textProblems(value, lineLength)).transform((value) => value.trim()),
  line2: optionalText(lineLength),
  line3: optionalText(lineLength),
  locality: ruled((value) => textProblems(value, 60)).transform((value) => value.trim()),
  county: optionalText(60),
  country: oneOf(countries, messages.nonDefaultCountry),
  postcode: ruled(postcodeProblems).transform((value) => normalisePostcode(value) ?? value),
});
export type Address = z.infer<typeof addressSchema>;
export type AddressFields = z.input<typeof addressSchema>;

/**
 * A date typed as three fields (day, month, year), held to `problemsOf`, each problem under its
 * field, and answered with its ISO 8601 form.
 */
export function dateFieldsSchema(problemsOf: (fields: DateOfBirthFields) => DateOfBirthProblems) {
  return z
    .object({ day: z.string().max(4), month: z.string().max(2), year: z.string().max(4) })
    .superRefine((fields, context) => {
      for (const [field, fieldProblems] of Object.entries(problemsOf(fields))) {
        for (const problem of fieldProblems)
          context.addIssue({ code: "custom", path: [field], message: problem });
      }
    })
    .transform((fields) => ({
      day: fields.day.trim().padStart(2, "0"),
      month: fields.month.trim().padStart(2, "0"),
      year: fields.year.trim(),
      iso8601: dateOfBirthIso(fields) ?? "",
    }));
}

/** SPEC.md section 5: three fields, checked as a real date in the past (and an adult's, for some). */
export function dateOfBirthSchema(adult?: { tooYoung: string }) {
  return dateFieldsSchema((fields) =>
    dateOfBirthProblems(fields, {
      today: ukToday(),
      ...(adult ? { minimumAge: adultAge, tooYoung: adult.tooYoung } : {}),
    }),
  );
}

const nameFields = {
  title: oneOf(titles),
  /** What to call them when the title is "Other" (Revd, Lady, Sir ...). */
  titleText: optionalText(30),
  firstName: ruled(nameProblems).transform((value) => value.trim()),
  lastName: ruled(nameProblems).transform((value) => value.trim()),
};

const yesNoSchema = oneOf(yesNo);

/** "Other" needs its words; an address is needed unless it is the customer's. */
function refinePerson(
  person: { title: string; titleText: string; isSameAddressAsCustomer?: string; address?: unknown },
  context: z.RefinementCtx,
) {
  if (person.title === "Other" && person.titleText.trim() === "") {
    context.addIssue({ code: "custom", path: ["titleText"], message: messages.required });
  }
  if (person.isSameAddressAsCustomer === "no" && person.address == null) {
    context.addIssue({ code: "custom", path: ["address", "line1"], message: messages.required });
  }
}

/**
 * Drops what a form holds for an address the person said is the same as the customer's, so a
 * hidden, half-filled address is neither checked nor stored.
 */
function dropWhenSame(flag: string, field: string) {
  return (value: unknown) =>
    value !== null && typeof value === "object" && (value as Record<string, unknown>)[flag] === "yes"
      ? { ...value, [field]: null }
      : value;
}

const ownAddressFields = { isSameAddressAsCustomer: yesNoSchema, address: addressSchema.nullable() };

/** SPEC.md's vulnerability questions: each optional, with free-text notes. Health data. */
const vulnerabilitiesSchema = z.object({
  ...(Object.fromEntries(vulnerabilityKinds.map((kind) => [kind, z.boolean()])) as Record<
    VulnerabilityKind,
    z.ZodBoolean
  >),
  notes: optionalText(notesLength),
});
export type Vulnerabilities = z.infer<typeof vulnerabilitiesSchema>;

/** SPEC.md's contactMethods entry: a marketing channel (the catalogue's handle and name), ticked or not. */
const marketingChoiceSchema = z.object({
  handle: z.enum(marketingChannels),
  name: z.string().max(30),
  checked: z.boolean(),
});

/** The person buying the plan: the account holder. */
const customerFieldsSchema = z
  .object({
    ...nameFields,
    dateOfBirth: dateOfBirthSchema({ tooYoung: messages.customerTooYoung }),
    email: ruled(emailProblems).transform((value) => value.trim()),
    confirmEmail: z.string({ error: messages.required }),
    phone: ruled(phoneProblems).transform((value) => value.trim()),
    address: addressSchema,
    preferredContactMethod: oneOf(preferredContactMethods),
    /** Marketing: each channel off until the person ticks it. */
    contactMethods: z.array(marketingChoiceSchema).max(marketingChannels.length),
    accessibilitySupportForDocumentation: oneOf(accessibilitySupportKinds),
    agreesToAllDocumentationInEnglish: z
      .boolean({ error: messages.documentsInEnglishNeeded })
      .refine((agreed) => agreed, messages.documentsInEnglishNeeded),
    receiveCopyInThePost: z.boolean(),
    vulnerabilities: vulnerabilitiesSchema,
    /** Explicit consent to keep the vulnerability answers (special category data, UK GDPR art. 9). */
    vulnerabilityConsent: z.boolean(),
  })
  .superRefine((customer, context) => {
    refinePerson(customer, context);
    if (hasToldUsCircumstances(customer.vulnerabilities) && !customer.vulnerabilityConsent) {
      context.addIssue({
        code: "custom",
        path: ["vulnerabilityConsent"],
        message: messages.vulnerabilityConsentNeeded,
      });
    }
  });
export const customerSchema = confirmedTwice(
  customerFieldsSchema,
  "email",
  "confirmEmail",
  confirmEmailProblems,
);
export type Customer = z.infer<typeof customerSchema>;
export type CustomerFields = z.input<typeof customerSchema>;

/**
 * `PUT /api/plan/{id}/customer/contact-details` (issue 10 item 7): how to reach the customer,
 * which they may change from their account even once the plan is paid for. Held to the
 * customer's own field rules; their name and email address are changed by calling us.
 */
export const customerContactDetailsBodySchema = z.object({
  phone: customerSchema.shape.phone,
  address: customerSchema.shape.address,
  preferredContactMethod: customerSchema.shape.preferredContactMethod,
});
export type CustomerContactDetailsBody = z.infer<typeof customerContactDetailsBodySchema>;
export type CustomerContactDetailsFields = z.input<typeof customerContactDetailsBodySchema>;

const coveredPersonFieldsSchema = z.object({
  ...nameFields,
  dateOfBirth: dateOfBirthSchema(),
  isCoveredPersonAwareOfPlan: yesNoSchema,
  relationshipWithCustomer: ruled((value) => textProblems(value, 60)).transform((value) => value.trim()),
  ...ownAddressFields,
});
export type CoveredPersonFields = z.input<typeof coveredPersonFieldsSchema>;

/** The person the plan is for, when that is not the customer. */
export const coveredPersonSchema = z.preprocess(
  dropWhenSame("isSameAddressAsCustomer", "address"),
  coveredPersonFieldsSchema.superRefine(refinePerson),
);
export type CoveredPerson = z.infer<typeof coveredPersonSchema>;

const nomineeFieldsSchema = z.object({
  ...nameFields,
  email: ruled(emailProblems).transform((value) => value.trim()),
  phone: ruled(phoneProblems).transform((value) => value.trim()),
  ...ownAddressFields,
});
export type NomineeFields = z.input<typeof nomineeFieldsSchema>;

/** Someone the customer names for us to speak to about the plan. Optional. */
export const nomineeSchema = z.preprocess(
  dropWhenSame("isSameAddressAsCustomer", "address"),
  nomineeFieldsSchema.superRefine(refinePerson),
);
export type Nominee = z.infer<typeof nomineeSchema>;

const payerFieldsSchema = z.object({
  ...nameFields,
  dateOfBirth: dateOfBirthSchema({ tooYoung: messages.payerTooYoung }),
  email: ruled(emailProblems).transform((value) => value.trim()),
  phone: ruled(phoneProblems).transform((value) => value.trim()),
  ...ownAddressFields,
  /** Whether their card is billed at the customer's address; otherwise `billingAddress`. */
  isSameBillingAddressAsCustomer: yesNoSchema,
  billingAddress: addressSchema.nullable(),
});
export type PayerFields = z.input<typeof payerFieldsSchema>;

/** Someone other than the customer who pays: an adult, with the address their card is billed to. */
export const payerSchema = z.preprocess(
  (value) =>
    dropWhenSame(
      "isSameBillingAddressAsCustomer",
      "billingAddress",
    )(dropWhenSame("isSameAddressAsCustomer", "address")(value)),
  payerFieldsSchema.superRefine((payer, context) => {
    refinePerson(payer, context);
    if (payer.isSameBillingAddressAsCustomer === "no" && payer.billingAddress == null) {
      context.addIssue({ code: "custom", path: ["billingAddress", "line1"], message: messages.required });
    }
  }),
);
export type Payer = z.infer<typeof payerSchema>;

/**
 * `POST /api/plan/{id}/customer`: the people of a plan. No covered person means the plan is for
 * the customer; no nominee, nobody named; no payer, the customer pays.
 */
export const planPeopleBodySchema = z.object({
  customer: customerSchema,
  coveredPerson: coveredPersonSchema.nullable(),
  nominee: nomineeSchema.nullable(),
  payer: payerSchema.nullable(),
});
export type PlanPeopleBody = z.infer<typeof planPeopleBodySchema>;
export interface PlanPeopleFields {
  customer: CustomerFields;
  coveredPerson: CoveredPersonFields | null;
  nominee: NomineeFields | null;
  payer: PayerFields | null;
}

/**
 * What `GET` and `POST /api/plan/{id}/customer` answer, for the plan's owner only: the people as
 * stored (dates of birth also as ISO 8601), nulls before any are. The customer's circumstances
 * come back only when they consented to our keeping them.
 */
export const planPeopleResponseSchema = z.object({
  customer: z.looseObject({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  coveredPerson: z.looseObject({ firstName: z.string(), lastName: z.string() }).nullable(),
  nominee: z.looseObject({ firstName: z.string(), lastName: z.string() }).nullable(),
  payer: z.looseObject({ firstName: z.string(), lastName: z.string() }).nullable(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PlanPeopleResponse = z.infer<typeof planPeopleResponseSchema>;
