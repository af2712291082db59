"use client";

import { optionPriceChangeBodySchema, type CatalogueChange } from "@kindred/contracts";
import { catalogueChangeDateProblems, formatLongDate, formatPrice, ukToday } from "@kindred/domain";
import { useEnteredBeforeHydration } from "../../components/entered-before-hydration";
import { FormField } from "../../components/form-field";
import type { FormFieldBinding } from "../../components/schema-form";
import { TextAreaField } from "../../components/text-area-field";
import styles from "./staff-catalogue.module.css";

/**
 * What the catalogue's and the branches' change forms share (issue 24 item 6): the day a change
 * takes effect and why it is made, held to the contract's own rules, and how a change is put in
 * words.
 */

/** The contract's day (an ISO date), held to the domain's rule: today or later, within 2 years. */
export const effectiveOnField = optionPriceChangeBodySchema.shape.effectiveOn.check((context) => {
  for (const message of catalogueChangeDateProblems(context.value, ukToday())) {
    context.issues.push({ code: "custom", message, input: context.value });
  }
});

export const reasonField = optionPriceChangeBodySchema.shape.reason;

export const changeLabels = { effectiveOn: "Takes effect from", reason: "Why it changes" } as const;

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

/** The day the change takes effect: the browser's own date picker, with what "today" means. */
export function EffectiveOnField({ field }: { field: FormFieldBinding }) {
  const error = field.error?.[0];
  const box = useEnteredBeforeHydration<HTMLInputElement>(field.value, field.onChange);
  return (
    <FormField
      id={field.id}
      label={changeLabels.effectiveOn}
      hint="The change takes effect from the start of this day. Today means at once."
      error={error}
    >
      {(describedBy) => (
        <input
          id={field.id}
          ref={box}
          name={field.name}
          className={error ? "input input--error" : "input"}
          type="date"
          min={ukToday()}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        />
      )}
    </FormField>
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
