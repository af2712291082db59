import type { PlanPeopleResponse } from "@kindred/contracts";
import { accessibilitySupportKinds, personName, type AccessibilitySupport } from "@kindred/domain";
import { z } from "zod";

/** Who a plan document says the plan is for (issue 9 item 2). */
export interface CoveredPersonFacts {
  /** Title and name, as the document prints them. */
  name: string;
  /** ISO 8601. */
  dateOfBirth: string;
  /** The customer, when they are buying the plan for someone else, and who that person is to them. */
  arrangedBy: { name: string; relationship: string } | null;
}

/** What the documents take from a plan's people. */
export interface DocumentPeople {
  /** Null until the people are given (and always for a plan not saved yet). */
  coveredPerson: CoveredPersonFacts | null;
  /** How the customer asked to have their documents; "none" until they have said. */
  support: AccessibilitySupport;
}

const noDocumentPeople: DocumentPeople = { coveredPerson: null, support: "none" };

// The plans module answers the people in the form's own shape; these are the parts the
// documents read, checked rather than assumed.
const namedPersonSchema = z.object({
  title: z.string(),
  titleText: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.object({ iso8601: z.string() }),
});
const peopleSchema = z.object({
  customer: namedPersonSchema
    .extend({ accessibilitySupportForDocumentation: z.enum(accessibilitySupportKinds) })
    .nullable(),
  coveredPerson: namedPersonSchema.extend({ relationshipWithCustomer: z.string() }).nullable(),
});

/** The people as the documents use them: the person covered (the customer when nobody else is). */
export function documentPeopleOf(people: PlanPeopleResponse): DocumentPeople {
  const { customer, coveredPerson } = peopleSchema.parse(people);
  if (!customer) return noDocumentPeople;
  const covered = coveredPerson ?? customer;
  return {
    coveredPerson: {
      name: personName(covered),
      dateOfBirth: covered.dateOfBirth.iso8601,
      arrangedBy: coveredPerson
        ? { name: personName(customer), relationship: coveredPerson.relationshipWithCustomer }
        : null,
    },
    support: customer.accessibilitySupportForDocumentation,
  };
}
