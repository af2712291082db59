import { supportPhone } from "./contact-details";
import { daysAfter } from "./long-date";
import * as messages from "./messages";
import * as purchaseMessages from "./purchase-messages";

/**
 * The four people a plan involves (SPEC.md section 3, "Person"; issue 9): the customer who buys
 * it, the person it covers when that is someone else, an optional nominated representative, and
 * a payer when someone else pays. The enumerations here are the values the API stores and the
 * screens offer; labels are what a person reads.
 */

export const titles = ["Mr", "Mrs", "Miss", "Ms", "Mx", "Dr", "Other"] as const;

/** Who the plan is for: the customer themself, or someone else they are buying it for. */
export const planTypes = ["myself", "someone-else"] as const;
export type PlanType = (typeof planTypes)[number];

export const accessibilitySupportKinds = ["none", "large_print", "braille", "audio_cd"] as const;
export type AccessibilitySupport = (typeof accessibilitySupportKinds)[number];
export const accessibilitySupportLabels: Record<AccessibilitySupport, string> = {
  none: "Standard print",
  large_print: "Large print",
  braille: "Braille",
  audio_cd: "Audio CD",
};

/** The formats we make and post to the person, rather than print: braille and audio CD. */
export const postedDocumentFormats = [
  "braille",
  "audio_cd",
] as const satisfies readonly AccessibilitySupport[];
export type PostedDocumentFormat = (typeof postedDocumentFormats)[number];

export function isPostedDocumentFormat(support: AccessibilitySupport): support is PostedDocumentFormat {
  return (postedDocumentFormats as readonly string[]).includes(support);
}

/** What a person who asked for braille or audio CD is told about their documents. */
export function postedDocumentsMessage(format: PostedDocumentFormat): string {
  const inFormat = { braille: "in braille", audio_cd: "on audio CD" } as const;
  return purchaseMessages.documentsToBePosted(inFormat[format], supportPhone.display);
}

export const preferredContactMethods = ["contact_method_email", "contact_method_post"] as const;
export type PreferredContactMethod = (typeof preferredContactMethods)[number];
export const preferredContactLabels: Record<PreferredContactMethod, string> = {
  contact_method_email: "Email",
  contact_method_post: "Post",
};

export const marketingChannels = ["email", "post", "phone"] as const;
export type MarketingChannel = (typeof marketingChannels)[number];
export const marketingChannelLabels: Record<MarketingChannel, string> = {
  email: "By email",
  post: "By post",
  phone: "By phone",
};

export const yesNo = ["yes", "no"] as const;
export type YesNo = (typeof yesNo)[number];

/** The nations of the United Kingdom: the country of an address (SPEC.md: placeholder "--"). */
export const countries = ["England", "Wales", "Scotland", "Northern Ireland"] as const;
export const countryPlaceholder = "--";

/** SPEC.md's vulnerability questions, each a yes/no the person may leave unticked. */
export const vulnerabilityKinds = [
  "olderAdults",
  "bereaved",
  "longTermIllness",
  "mentalHealth",
  "mentalCapacity",
  "dementiaOrAlzheimers",
  "visualImpairment",
  "hearingImpairment",
  "speechImpairmentOrDifficultySpeaking",
  "dyslexiaLiteracy",
  "mobility",
  "englishAsASecondLanguage",
  "financialHardship",
  "relationshipDifficulties",
  "conflictingPriorities",
] as const;
export type VulnerabilityKind = (typeof vulnerabilityKinds)[number];
export const vulnerabilityLabels: Record<VulnerabilityKind, string> = {
  olderAdults: "I am in later life and would like a little more time or help",
  bereaved: "I have been bereaved recently",
  longTermIllness: "I live with a long-term or serious illness",
  mentalHealth: "I live with a mental health condition",
  mentalCapacity: "I sometimes find it hard to make decisions or remember them",
  dementiaOrAlzheimers: "I live with dementia or Alzheimer's",
  visualImpairment: "I am blind or partially sighted",
  hearingImpairment: "I am deaf or hard of hearing",
  speechImpairmentOrDifficultySpeaking: "I find speaking difficult",
  dyslexiaLiteracy: "I have dyslexia or find reading difficult",
  mobility: "I have difficulty getting about",
  englishAsASecondLanguage: "English is not my first language",
  financialHardship: "I am finding money difficult at the moment",
  relationshipDifficulties: "I am going through a relationship breakdown",
  conflictingPriorities: "Other things are making life hard right now, like caring for someone",
};

/** Whether a person has told us anything about their circumstances: a ticked question or a note. */
export function hasToldUsCircumstances(
  answers: Readonly<Record<VulnerabilityKind, boolean>> & { notes: string },
): boolean {
  return vulnerabilityKinds.some((kind) => answers[kind]) || answers.notes.trim() !== "";
}

/** A person as a document names them: their title (their own words for "Other") and name. */
export function personName(person: {
  title: string;
  titleText: string;
  firstName: string;
  lastName: string;
}): string {
  const title = person.title === "Other" ? person.titleText : person.title;
  return [title, person.firstName, person.lastName]
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(" ");
}

/**
 * Who the person covered is to the customer, as words to follow "for your": "Mother" and "my
 * mother" (the form's own example) both read "mother". Only a plain word or phrase will do; for
 * anything else ("Aunt Mary", "John's wife", "a friend") there are no such words, so null: the
 * document then quotes the person's own words rather than print "for your a friend".
 */
export function relationshipInSentence(relationship: string): string | null {
  const words = relationship.trim().replace(/^my\s+/i, "");
  if (!/^[A-Za-z][a-z-]*(?: [a-z-]+)*$/.test(words)) return null;
  const phrase = `${words.charAt(0).toLowerCase()}${words.slice(1)}`;
  return /^(?:a|an|the|our|his|her|their|your)\b/.test(phrase) ? null : phrase;
}

/** SPEC.md section 5 and 9: a date of birth's bounds. */
const dateOfBirthBounds = { day: { minimum: 1, maximum: 31 }, year: { minimum: 1900, maximum: 9999 } };
/** The customer and the payer are adults. */
export const adultAge = 18;

/** A date of birth as the three fields hold it ("7", "03", "1948"); month is "01" to "12". */
export interface DateOfBirthFields {
  day: string;
  month: string;
  year: string;
}

/** "7" → "07" (SPEC.md: day and month padded to two digits, month defaulting to 01). */
function padded(value: string): string {
  return value.trim().padStart(2, "0");
}

type DateOfBirthField = keyof DateOfBirthFields;
export type DateOfBirthProblems = Partial<Record<DateOfBirthField, string[]>>;

/** A whole number typed into a field, checked with SPEC.md's number messages. */
function wholeNumberProblems(text: string, minimum: number, maximum: number): string[] {
  const trimmed = text.trim();
  if (trimmed === "") return [messages.required];
  if (/^-?\d+[.,]\d*$/.test(trimmed)) return [messages.noDecimalPoint];
  if (!/^-?\d+$/.test(trimmed)) return [messages.notANumber];
  const value = Number(trimmed);
  if (value < 0) return [messages.notPositive];
  if (value < minimum) return [messages.atLeast(minimum)];
  if (value > maximum) return [messages.atMost(maximum)];
  return [];
}

/** The date of birth as ISO 8601 ("1948-03-07"), or null while any field is not a real date. */
export function dateOfBirthIso(fields: DateOfBirthFields): string | null {
  const { day, year } = dateOfBirthBounds;
  if (wholeNumberProblems(fields.day, day.minimum, day.maximum).length > 0) return null;
  if (wholeNumberProblems(fields.year, year.minimum, year.maximum).length > 0) return null;
  const month = padded(fields.month === "" ? "01" : fields.month);
  if (!/^(0[1-9]|1[0-2])$/.test(month)) return null;
  const iso = `${fields.year.trim().padStart(4, "0")}-${month}-${padded(fields.day)}`;
  // 31 February rolls over into March: only a date that reads back the same is real.
  return daysAfter(iso, 0) === iso ? iso : null;
}

/** Whole years between a date of birth and `today` (both ISO dates), as a birthday counts them. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [birthYear, birthMonthDay] = [Number(dateOfBirth.slice(0, 4)), dateOfBirth.slice(5)];
  const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(5)];
  return year - birthYear - (monthDay < birthMonthDay ? 1 : 0);
}

/**
 * What is wrong with a date of birth, field by field: each field's own bounds (SPEC.md), then a
 * real date (not 31 February), in the past, and at least `minimumAge` years ago when given.
 */
export function dateOfBirthProblems(
  fields: DateOfBirthFields,
  { today, minimumAge, tooYoung }: { today: string; minimumAge?: number; tooYoung?: string },
): DateOfBirthProblems {
  const date = realDate(fields);
  if (!date.ok) return date.problems;
  if (date.iso >= today) return { year: [messages.dateOfBirthInFuture] };
  if (minimumAge !== undefined && ageOn(date.iso, today) < minimumAge) {
    return { year: [tooYoung ?? messages.mustBeAdult(minimumAge)] };
  }
  return {};
}

/**
 * A date typed as day, month and year: each field's own bounds (SPEC.md), then a real date (not
 * 31 February). Dates of birth and of death are both checked this way first.
 */
export function realDate(
  fields: DateOfBirthFields,
): { ok: true; iso: string } | { ok: false; problems: DateOfBirthProblems } {
  const { day, year } = dateOfBirthBounds;
  const problems: DateOfBirthProblems = {};
  const dayProblems = wholeNumberProblems(fields.day, day.minimum, day.maximum);
  if (dayProblems.length > 0) problems.day = dayProblems;
  if (fields.month.trim() === "") problems.month = [messages.required];
  const yearProblems = wholeNumberProblems(fields.year, year.minimum, year.maximum);
  if (yearProblems.length > 0) problems.year = yearProblems;
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const iso = dateOfBirthIso(fields);
  if (iso === null) return { ok: false, problems: { day: [messages.notARealDate] } };
  return { ok: true, iso };
}

/** UK phone numbers: digits and spaces only (SPEC.md "Enter number only"), 10 or 11 digits. */
export function phoneProblems(phone: string): string[] {
  const trimmed = phone.trim();
  if (trimmed === "") return [messages.required];
  if (!/^[\d ]+$/.test(trimmed)) return [messages.numbersOnly];
  const digits = trimmed.replace(/ /g, "");
  return digits.length >= 10 && digits.length <= 11 && digits.startsWith("0")
    ? []
    : [messages.notAUkPhoneNumber];
}

/** A free-text answer that must say something: at least 2 characters, at most `maximum`. */
export function textProblems(text: string, maximum: number, minimum = 2): string[] {
  const trimmed = text.trim();
  if (trimmed === "") return [messages.required];
  if (trimmed.length < minimum) return [messages.tooShort(minimum)];
  if (trimmed.length > maximum) return [messages.tooLong(maximum)];
  return [];
}
