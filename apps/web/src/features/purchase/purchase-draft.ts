import type {
  AddressFields,
  CoveredPersonFields,
  CustomerFields,
  NomineeFields,
  PayerFields,
} from "@kindred/contracts";
import {
  marketingChannelLabels,
  marketingChannels,
  planTypes,
  vulnerabilityKinds,
  type PlanType,
  type YesNo,
} from "@kindred/domain";
import { readSession, writeSession } from "../../lib/storage";

/**
 * What the person has answered on the purchase screens so far, kept in this tab's session
 * storage so going back, or reloading, loses nothing (issue 9 item 6). Passwords are never kept.
 */
export interface PurchaseDraft {
  planType: PlanType | null;
  customer: CustomerFields | null;
  additional: AdditionalFields | null;
}

/** The "other people" screen's answers: SPEC.md's toggles and the people they show. */
export interface AdditionalFields {
  coveredPerson: CoveredPersonFields;
  /** showNominatedRepresentativeForm */
  hasNominee: YesNo | "";
  nominee: NomineeFields;
  /** showPayerForm */
  someoneElsePays: YesNo | "";
  payer: PayerFields;
}

function emptyAddress(): AddressFields {
  return { line1: "", line2: "", line3: "", locality: "", county: "", country: "--", postcode: "" };
}

const nameFields = () => ({ title: "", titleText: "", firstName: "", lastName: "" });
const dateOfBirth = () => ({ day: "", month: "", year: "" });

export function emptyCustomer(
  known: { firstName?: string; lastName?: string; email?: string } = {},
): CustomerFields {
  return {
    ...nameFields(),
    firstName: known.firstName ?? "",
    lastName: known.lastName ?? "",
    dateOfBirth: dateOfBirth(),
    email: known.email ?? "",
    confirmEmail: known.email ?? "",
    phone: "",
    address: emptyAddress(),
    preferredContactMethod: "",
    contactMethods: marketingChannels.map((handle) => ({
      handle,
      name: marketingChannelLabels[handle],
      checked: false,
    })),
    accessibilitySupportForDocumentation: "none",
    agreesToAllDocumentationInEnglish: false,
    receiveCopyInThePost: false,
    vulnerabilities: {
      ...(Object.fromEntries(vulnerabilityKinds.map((kind) => [kind, false])) as Record<
        (typeof vulnerabilityKinds)[number],
        boolean
      >),
      notes: "",
    },
    vulnerabilityConsent: false,
  };
}

export function emptyAdditional(): AdditionalFields {
  return {
    coveredPerson: {
      ...nameFields(),
      dateOfBirth: dateOfBirth(),
      isCoveredPersonAwareOfPlan: "",
      isSameAddressAsCustomer: "",
      address: emptyAddress(),
      relationshipWithCustomer: "",
    },
    hasNominee: "",
    nominee: { ...nameFields(), email: "", phone: "", isSameAddressAsCustomer: "", address: emptyAddress() },
    someoneElsePays: "",
    payer: {
      ...nameFields(),
      dateOfBirth: dateOfBirth(),
      email: "",
      phone: "",
      isSameAddressAsCustomer: "",
      address: emptyAddress(),
      isSameBillingAddressAsCustomer: "",
      billingAddress: emptyAddress(),
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The draft in this tab; what is missing or malformed reads as not answered yet. */
export function readPurchaseDraft(): PurchaseDraft {
  const stored = readSession("purchase");
  if (!isRecord(stored)) return { planType: null, customer: null, additional: null };
  const planType = planTypes.find((type) => type === stored.planType) ?? null;
  return {
    planType,
    customer: isRecord(stored.customer)
      ? { ...emptyCustomer(), ...(stored.customer as Partial<CustomerFields>) }
      : null,
    additional: isRecord(stored.additional)
      ? { ...emptyAdditional(), ...(stored.additional as Partial<AdditionalFields>) }
      : null,
  };
}

export function updatePurchaseDraft(change: Partial<PurchaseDraft>): void {
  writeSession("purchase", { ...readPurchaseDraft(), ...change });
}
