"use client";

import { useState } from "react";
import { useWatch, type FieldValues, type Path } from "react-hook-form";
import type { FoundAddress } from "@kindred/contracts";
import { countries, countryPlaceholder, titles } from "@kindred/domain";
import { DateOfBirthField } from "../../components/date-of-birth-field";
import { RadioCards } from "../../components/radio-cards";
import { useFormField, type SchemaForm } from "../../components/schema-form";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { AddressFinder } from "./address-finder";
import styles from "./purchase.module.css";

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

export function addressLabels(prefix: string, whose: string): Record<string, string> {
  return {
    [`${prefix}.line1`]: `${whose} address line 1`,
    [`${prefix}.line2`]: `${whose} address line 2`,
    [`${prefix}.locality`]: `${whose} town or city`,
    [`${prefix}.county`]: `${whose} county`,
    [`${prefix}.postcode`]: `${whose} postcode`,
    [`${prefix}.country`]: `${whose} country`,
  };
}

/**
 * A UK address the GOV.UK way: find it by postcode, then check or finish it in the fields, or
 * enter it by hand. `prefix` is the address's own path ("customer.address").
 */
export function AddressFields({
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
  const line1 = useFormField(form, `${prefix}.line1` as Path<FieldValues>);
  const line2 = useFormField(form, `${prefix}.line2` as Path<FieldValues>);
  const locality = useFormField(form, `${prefix}.locality` as Path<FieldValues>);
  const county = useFormField(form, `${prefix}.county` as Path<FieldValues>);
  const postcode = useFormField(form, `${prefix}.postcode` as Path<FieldValues>);
  const country = useFormField(form, `${prefix}.country` as Path<FieldValues>);
  const started = [line1, locality, postcode].some((field) => field.value !== "" || field.error);
  const [showFields, setShowFields] = useState<boolean | null>(null);
  const autoComplete = (token: string) => (own ? token : "off");

  function fill(address: FoundAddress) {
    const set = (name: string, value: string) =>
      form.form.setValue(`${prefix}.${name}` as Path<FieldValues>, value as never, {
        shouldValidate: form.form.formState.isSubmitted,
      });
    set("line1", address.line1);
    set("line2", [address.line2, address.line3].filter((part) => part !== "").join(", "));
    set("locality", address.locality);
    set("county", address.county);
    set("postcode", address.postcode);
    set("country", countries.find((nation) => nation === address.country) ?? countryPlaceholder);
    setShowFields(true);
  }

  // The finder first; once an address is chosen, or the person types it, its fields instead.
  const fieldsShown = showFields ?? started;
  return (
    <fieldset className={`fieldset ${styles.addressGroup}`}>
      <legend className="legend">{legend}</legend>
      {fieldsShown ? (
        <div className={styles.addressFields}>
          <TextField
            {...line1}
            label="House number or name, and street"
            autoComplete={autoComplete("address-line1")}
          />
          <TextField
            {...line2}
            label="Address line 2 (optional)"
            autoComplete={autoComplete("address-line2")}
          />
          <TextField {...locality} label="Town or city" autoComplete={autoComplete("address-level2")} />
          <TextField {...county} label="County (optional)" autoComplete="off" />
          <TextField {...postcode} label="Postcode" autoComplete={autoComplete("postal-code")} />
          <SelectField
            {...country}
            label="Country"
            placeholder="Choose a country"
            placeholderValue={countryPlaceholder}
            options={countries.map((value) => ({ value, label: value }))}
          />
          <p>
            <button type="button" className="link-button" onClick={() => setShowFields(false)}>
              Find an address by postcode
            </button>
          </p>
        </div>
      ) : (
        <AddressFinder idPrefix={`${line1.id}-finder`} onPick={fill} onManual={() => setShowFields(true)} />
      )}
    </fieldset>
  );
}

export const yesNoOptions = [
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
