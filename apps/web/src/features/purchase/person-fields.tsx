"use client";

import { useWatch, type FieldValues, type Path } from "react-hook-form";
import { titles } from "@kindred/domain";
import { DateOfBirthField } from "../../components/date-of-birth-field";
import { RadioCards } from "../../components/radio-cards";
import { useFormField, type SchemaForm } from "../../components/schema-form";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";

/**
 * The fields every person of a plan shares, for any form whose person sits at `prefix`
 * ("customer", "coveredPerson", ...). Each group lists its labels too, in the order it shows
 * them, for the form's error summary.
 */

type AnyForm = SchemaForm<FieldValues, unknown>;

/** A field of the person at `prefix`. */
function useField(form: AnyForm, prefix: string, name: string) {
  return useFormField(form, `${prefix}.${name}` as Path<FieldValues>);
}

export function nameLabels(prefix: string, whose: string): Record<string, string> {
  return {
    [`${prefix}.title`]: `${whose} title`,
    [`${prefix}.titleText`]: `${whose} title (other)`,
    [`${prefix}.firstName`]: `${whose} first name`,
    [`${prefix}.lastName`]: `${whose} last name`,
  };
}

/** Title, the title's words when it is "Other", first name and last name. */
export function NameFields({ form, prefix, own }: { form: AnyForm; prefix: string; own: boolean }) {
  const title = useField(form, prefix, "title");
  const titleText = useField(form, prefix, "titleText");
  const firstName = useField(form, prefix, "firstName");
  const lastName = useField(form, prefix, "lastName");
  return (
    <>
      <SelectField
        {...title}
        label="Title"
        placeholder="Choose a title"
        options={titles.map((value) => ({ value, label: value }))}
        autoComplete={own ? "honorific-prefix" : "off"}
      />
      {title.value === "Other" ? (
        <TextField {...titleText} label="Which title?" hint="For example, Revd or Lady" autoComplete="off" />
      ) : null}
      <TextField {...firstName} label="First name" autoComplete={own ? "given-name" : "off"} />
      <TextField {...lastName} label="Last name" autoComplete={own ? "family-name" : "off"} />
    </>
  );
}

export function dateOfBirthLabels(prefix: string, whose: string): Record<string, string> {
  return {
    [`${prefix}.dateOfBirth.day`]: `${whose} date of birth`,
    [`${prefix}.dateOfBirth.month`]: `${whose} month of birth`,
    [`${prefix}.dateOfBirth.year`]: `${whose} year of birth`,
  };
}

export function DateOfBirthFields({
  form,
  prefix,
  legend,
  own,
}: {
  form: AnyForm;
  prefix: string;
  legend: string;
  own: boolean;
}) {
  return (
    <DateOfBirthField
      legend={legend}
      ownDetails={own}
      day={useField(form, prefix, "dateOfBirth.day")}
      month={useField(form, prefix, "dateOfBirth.month")}
      year={useField(form, prefix, "dateOfBirth.year")}
    />
  );
}

export function contactLabels(prefix: string, whose: string): Record<string, string> {
  return { [`${prefix}.email`]: `${whose} email address`, [`${prefix}.phone`]: `${whose} phone number` };
}

/** An email address and a phone number, for someone other than the customer. */
export function ContactFields({ form, prefix }: { form: AnyForm; prefix: string }) {
  return (
    <>
      <TextField {...useField(form, prefix, "email")} label="Email address" type="email" autoComplete="off" />
      <TextField
        {...useField(form, prefix, "phone")}
        label="Phone number"
        hint="A UK landline or mobile number, like 01632 960 001"
        autoComplete="off"
      />
    </>
  );
}

const yesNoOptions = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

/** A yes-or-no question of the form, as two large radio cards. */
export function YesNoField({
  form,
  name,
  legend,
  hint,
}: {
  form: AnyForm;
  name: string;
  legend: string;
  hint?: string;
}) {
  const field = useFormField(form, name as Path<FieldValues>);
  return (
    <RadioCards
      name={field.id}
      legend={legend}
      hint={hint}
      options={yesNoOptions}
      value={field.value === "" ? null : field.value}
      onChange={field.onChange}
      error={field.error?.[0]}
    />
  );
}

/** The value of one field of the form as it changes (to show or hide what depends on it). */
export function useAnswer(form: AnyForm, name: string): unknown {
  return useWatch({ control: form.form.control, name: name as Path<FieldValues> });
}
