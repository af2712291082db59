import { realDate, type DateOfBirthFields, type DateOfBirthProblems } from "./people";
import * as messages from "./messages";

/**
 * Telling us of a death (issue 23 item 4; docs/decisions/028-telling-us-of-a-death.md): what the
 * person telling us is asked, the words for each answer, and where a funeral stands once we know.
 * Anyone may tell us (a nominee, family, an executor, a funeral director); the answer they see is
 * the same whether or not a plan matches what they typed.
 */

/** Where a funeral stands once a death is known: staff move it on (the back office). */
export const funeralStatuses = ["funeral_requested", "funeral_arranged", "funeral_provided"] as const;
export type FuneralStatus = (typeof funeralStatuses)[number];
export const funeralStatusLabels: Record<FuneralStatus, string> = {
  funeral_requested: "Funeral requested",
  funeral_arranged: "Funeral arranged",
  funeral_provided: "Funeral provided",
};

/**
 * Where a case stands (docs/decisions/040-a-death-is-confirmed-first.md): a death told to us and
 * matched to a plan is `reported` until it is confirmed, by staff or by the person named on the
 * plan; only then is the funeral requested. A report found not to be right is `withdrawn`, and
 * the plan carries on as if it had not been made. A report matching no plan is `unmatched` until
 * staff match it to a plan (it is then `reported`, as a report matched online is) or close it as
 * not one of ours (`closed`, with their reason).
 */
export const atNeedCaseStatuses = [
  "unmatched",
  "reported",
  "withdrawn",
  "closed",
  ...funeralStatuses,
] as const;
export type AtNeedCaseStatus = (typeof atNeedCaseStatuses)[number];
export const atNeedCaseStatusLabels: Record<AtNeedCaseStatus, string> = {
  unmatched: "Not matched to a plan yet",
  reported: "Reported, not yet confirmed",
  withdrawn: "Withdrawn: found not to be right",
  closed: "Closed: not one of our plans",
  ...funeralStatusLabels,
};

/** How a death reported to us was confirmed before the funeral was requested. */
export const deathConfirmations = [
  "death_certificate",
  "called_the_named_person",
  "named_person_online",
] as const;
export type DeathConfirmation = (typeof deathConfirmations)[number];
export const deathConfirmationLabels: Record<DeathConfirmation, string> = {
  death_certificate: "The death is registered: we have the certificate's details",
  called_the_named_person: "We called the person named on the plan on the number we hold",
  named_person_online: "The person named on the plan confirmed it from our email",
};

/** Whether the death was an accident, if the person telling us knows. */
export const accidentalAnswers = ["yes", "no", "not_known"] as const;
export type AccidentalAnswer = (typeof accidentalAnswers)[number];
export const accidentalAnswerLabels: Record<AccidentalAnswer, string> = {
  yes: "Yes",
  no: "No",
  not_known: "I do not know",
};

/** Where the person who died is now. */
export const restingPlaces = [
  "home",
  "hospital",
  "hospice",
  "care_home",
  "funeral_director",
  "coroner",
  "somewhere_else",
] as const;
export type RestingPlace = (typeof restingPlaces)[number];
export const restingPlaceLabels: Record<RestingPlace, string> = {
  home: "At home",
  hospital: "In hospital",
  hospice: "In a hospice",
  care_home: "In a care or nursing home",
  funeral_director: "With a funeral director",
  coroner: "With the coroner",
  somewhere_else: "Somewhere else",
};

/** Who is telling us, to the person who died. */
export const informantRelationships = [
  "nominated_representative",
  "husband_wife_or_partner",
  "son_or_daughter",
  "other_family",
  "executor",
  "friend",
  "funeral_director",
  "care_home_or_hospital",
  "someone_else",
] as const;
export type InformantRelationship = (typeof informantRelationships)[number];
export const informantRelationshipLabels: Record<InformantRelationship, string> = {
  nominated_representative: "Named on the plan as the person to speak to",
  husband_wife_or_partner: "Husband, wife or partner",
  son_or_daughter: "Son or daughter",
  other_family: "Other family",
  executor: "Executor or solicitor",
  friend: "Friend or neighbour",
  funeral_director: "Funeral director",
  care_home_or_hospital: "Care home, hospice or hospital",
  someone_else: "Someone else",
};

/**
 * What is wrong with a date of death, field by field: each field's bounds, a real date, not in
 * the future (today is allowed) and not before the person was born.
 */
export function dateOfDeathProblems(
  fields: DateOfBirthFields,
  { today, bornOn }: { today: string; bornOn: string | null },
): DateOfBirthProblems {
  const date = realDate(fields);
  if (!date.ok) return date.problems;
  if (date.iso > today) return { year: [messages.dateOfDeathInFuture] };
  if (bornOn !== null && date.iso < bornOn) return { year: [messages.dateOfDeathBeforeBirth] };
  return {};
}
