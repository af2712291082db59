"use client";

import {
  dateFieldsSchema,
  optionPriceChangeBodySchema,
  type CatalogueChange,
  type Violation,
} from "@kindred/contracts";
import {
  catalogueChangeDateProblems,
  formatLongDate,
  formatPrice,
  realDate,
  staffMessages,
  ukToday,
  type DateOfBirthFields,
  type DateOfBirthProblems,
} from "@kindred/domain";
import { DateOfBirthField } from "../../components/date-of-birth-field";
import type { FormFieldBinding } from "../../components/schema-form";
import { violationsOf } from "../../lib/api-query";
import { TextAreaField } from "../../components/text-area-field";
import styles from "./staff-catalogue.module.css";

/**
 * What the catalogue's and the branches' change forms share (issue 24 item 6): the day a change
 * takes effect and why it is made, held to the contract's own rules, and how a change is put in
 * words.
 */

/**
 * What is wrong with the day as typed (issue 50 item 14): nothing typed, or a part left out, is
 * "Enter the date"; then a real date; then the domain's rule, today or later and within 2 years.
 * A problem with the whole date is said at the day, the first of its fields.
 */
function effectiveOnProblems(fields: DateOfBirthFields): DateOfBirthProblems {
  const missing = (["day", "month", "year"] as const).filter((part) => fields[part].trim() === "");
  if (missing.length === 3) return { day: [staffMessages.catalogueChangeDateNeeded] };
  if (missing.length > 0) {
    return Object.fromEntries(missing.map((part) => [part, [staffMessages.catalogueChangeDateNeeded]]));
  }
  const date = realDate(fields);
  if (!date.ok) return date.problems;
  const problems = catalogueChangeDateProblems(date.iso, ukToday());
  return problems.length > 0 ? { day: problems } : {};
}

/**
 * The day typed as day, month and year, as the customers' forms ask for a date (not the browser's
 * date picker, which follows its own locale: 4 January 2027 showed as 01/04/2027 in a US one),
 * sent as the contract's ISO day.
 */
export const effectiveOnField = dateFieldsSchema(effectiveOnProblems)
  .transform((date) => date.iso8601)
  .pipe(optionPriceChangeBodySchema.shape.effectiveOn);

/** The day's fields, empty. */
export const noDayYet = { day: "", month: "", year: "" };

export const reasonField = optionPriceChangeBodySchema.shape.reason;

export const changeLabels = {
  "effectiveOn.day": "Takes effect from",
  "effectiveOn.month": "Month it takes effect",
  "effectiveOn.year": "Year it takes effect",
  reason: "Why it changes",
} as const;

/**
 * The API's refusal, with what it says of the day (`effectiveOn`) placed under the day's fields,
 * for `useFormFailure`.
 */
export function dayPlaced(refusal: unknown): Violation[] {
  return violationsOf(refusal).map((violation) =>
    violation.propertyPath === "effectiveOn" ? { ...violation, propertyPath: "effectiveOn.day" } : violation,
  );
}

/** "from today" or "from 5 January 2027". */
export function fromWhen(effectiveOn: string): string {
  return effectiveOn <= ukToday() ? "from today" : `from ${formatLongDate(effectiveOn)}`;
}

const detailNames = {
  name: "name",
  phone: "phone",
  email: "email",
  website: "website",
  managerName: "manager",
} as const;

/** What a change sets: "£3,100", or a branch's "closes; phone 0161 496 0000". */
export function whatChanges(change: Pick<CatalogueChange, "pricePence" | "details">): string {
  if (change.pricePence !== null) return formatPrice(change.pricePence);
  const { open, ...texts } = change.details ?? {};
  const parts = Object.entries(detailNames).flatMap(([key, name]) => {
    const value = texts[key as keyof typeof texts];
    return value === undefined ? [] : [`${name} ${value}`];
  });
  if (open !== undefined) parts.unshift(open ? "opens again" : "closes");
  return parts.join("; ");
}

/** "£3,100 from 1 January 2027, by Ann Admin: supplier's new prices". */
function upcomingInWords(change: CatalogueChange): string {
  const by = change.madeBy ?? "a catalogue release";
  return `${whatChanges(change)} from ${formatLongDate(change.effectiveOn)}, by ${by}: ${change.reason}`;
}

/** The changes still to come, one a line, or "None". */
export function UpcomingChanges({ changes }: { changes: readonly CatalogueChange[] }) {
  if (changes.length === 0) return "None";
  return (
    <ul className={styles.upcoming}>
      {changes.map((change) => (
        <li key={change.changeId}>{upcomingInWords(change)}</li>
      ))}
    </ul>
  );
}

/** The day the change takes effect: day, month and year, with what "today" means. */
export function EffectiveOnField({
  day,
  month,
  year,
}: {
  day: FormFieldBinding;
  month: FormFieldBinding;
  year: FormFieldBinding;
}) {
  return (
    <DateOfBirthField
      legend="Takes effect from"
      hint={`The change takes effect from the start of this day. Today (${formatLongDate(ukToday())}) means at once.`}
      ownDetails={false}
      day={day}
      month={month}
      year={year}
    />
  );
}

export function ReasonField({ field }: { field: FormFieldBinding }) {
  return (
    <TextAreaField
      id={field.id}
      label={changeLabels.reason}
      hint="It is kept with the change, such as “New prices from the supplier”."
      value={field.value}
      onChange={field.onChange}
      error={field.error?.[0]}
      rows={3}
    />
  );
}
