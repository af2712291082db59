"use client";

import { useEffect, useState } from "react";
import type { FieldValues, Path } from "react-hook-form";
import type { FoundAddress } from "@kindred/contracts";
import { countries, countryPlaceholder, messages } from "@kindred/domain";
import { AddressFinder } from "./address-finder";
import styles from "./address-fields.module.css";
import { useFormField, type SchemaForm } from "./schema-form";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";

/**
 * The address fields of any form held to the contracts' `addressSchema`, wherever the address
 * sits in it ("customer.address", "address"): the purchase's people and the account's contact
 * details both use them.
 */

type AnyForm = SchemaForm<FieldValues, unknown>;

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
 * enter it by hand. `prefix` is the address's own path ("customer.address"). The finder's postcode
 * box and the fields' Postcode are one answer, so switching between them loses nothing typed.
 * While the finder shows, the error summary names the address once ("Your address: Find the
 * address by its postcode..."), linking to the finder's postcode box, never the lines out of sight.
 */
export function AddressFields({
  form,
  prefix,
  whose,
  legend,
  own,
}: {
  form: AnyForm;
  prefix: string;
  /** Whose address, as `addressLabels` was given it ("Your", "The payer's billing"). */
  whose: string;
  legend: string;
  own: boolean;
}) {
  const line1 = useFormField(form, `${prefix}.line1` as Path<FieldValues>);
  const line2 = useFormField(form, `${prefix}.line2` as Path<FieldValues>);
  const locality = useFormField(form, `${prefix}.locality` as Path<FieldValues>);
  const county = useFormField(form, `${prefix}.county` as Path<FieldValues>);
  const postcode = useFormField(form, `${prefix}.postcode` as Path<FieldValues>);
  const country = useFormField(form, `${prefix}.country` as Path<FieldValues>);
  // The postcode alone does not open the fields: the finder's box shows it too.
  const started = [line1, line2, locality, county].some((field) => field.value !== "");
  const [showFields, setShowFields] = useState<boolean | null>(null);
  const finderId = `${line1.id}-finder`;
  const fieldsShown = showFields ?? started;
  const missing = [line1, line2, locality, county, postcode, country].some((field) => field.error);

  const { standIn } = form;
  useEffect(() => {
    standIn(
      prefix,
      fieldsShown
        ? null
        : { fieldId: `${finderId}-postcode`, label: `${whose} address`, message: messages.addressNotGiven },
    );
  }, [standIn, prefix, fieldsShown, finderId, whose]);
  useEffect(() => () => standIn(prefix, null), [standIn, prefix]);
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
        <AddressFinder
          idPrefix={finderId}
          postcode={postcode.value}
          onPostcodeChange={postcode.onChange}
          error={missing ? messages.addressNotGiven : undefined}
          onPick={fill}
          onManual={() => setShowFields(true)}
        />
      )}
    </fieldset>
  );
}
