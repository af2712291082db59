"use client";

import { useMemo } from "react";
import type { FieldValues } from "react-hook-form";
import {
  customerContactDetailsBodySchema,
  type CustomerContactDetailsBody,
  type CustomerContactDetailsFields,
} from "@kindred/contracts";
import { countryPlaceholder, preferredContactLabels, preferredContactMethods } from "@kindred/domain";
import { AddressFields, addressLabels } from "./address-fields";
import { RadioCards } from "./radio-cards";
import { useFormField, useSchemaForm, type SchemaForm } from "./schema-form";
import { TextField } from "./text-field";

/**
 * The customer's phone number, address and preferred contact (`customerContactDetailsBodySchema`):
 * one form for the customer changing their own (their account) and for a member of staff changing
 * them on the phone for the customer (the back office's plan page). Only the words differ.
 */

/** The customer's phone number, address and preferred contact as stored; null if they cannot be read. */
export function contactDetailsOf(customer: object): CustomerContactDetailsBody | null {
  const parsed = customerContactDetailsBodySchema.safeParse(customer);
  return parsed.success ? parsed.data : null;
}

function startingFields(customer: object): CustomerContactDetailsFields {
  return (
    contactDetailsOf(customer) ?? {
      phone: "",
      address: {
        line1: "",
        line2: "",
        line3: "",
        locality: "",
        county: "",
        country: countryPlaceholder,
        postcode: "",
      },
      preferredContactMethod: "",
    }
  );
}

/** Whose details these are, as the labels and legends say it: "Your", or "The customer's". */
export interface ContactDetailsWords {
  whose: string;
  /** "How would you like us to contact you about your plan?" */
  preferredLegend: string;
  /** The customer's own address (the address finder's wording), or someone else's. */
  own: boolean;
}

type ContactDetailsForm = SchemaForm<CustomerContactDetailsFields, CustomerContactDetailsBody>;

/** The form's state, starting from the details as stored, and its labels (for the error summary). */
export function useContactDetailsForm(customer: object, idPrefix: string, words: ContactDetailsWords) {
  const labels = useMemo<Record<string, string>>(
    () => ({
      phone: `${words.whose} phone number`,
      ...addressLabels("address", words.whose),
      preferredContactMethod: "How we contact you",
    }),
    [words.whose],
  );
  const defaultValues = useMemo(() => startingFields(customer), [customer]);
  const form = useSchemaForm<CustomerContactDetailsFields, CustomerContactDetailsBody>({
    schema: customerContactDetailsBodySchema,
    idPrefix,
    labels,
    defaultValues,
  });
  return { form, fieldNames: Object.keys(labels) };
}

/** The phone number, the address (found by postcode or typed) and how we contact them. */
export function ContactDetailsFields({
  form,
  words,
}: {
  form: ContactDetailsForm;
  words: ContactDetailsWords;
}) {
  const phone = useFormField(form, "phone");
  const preferred = useFormField(form, "preferredContactMethod");
  return (
    <>
      <TextField
        {...phone}
        label="Phone number"
        hint="A UK landline or mobile number, like 01632 960 001"
        autoComplete={words.own ? "tel-national" : "off"}
      />
      <AddressFields
        form={form as unknown as SchemaForm<FieldValues, unknown>}
        prefix="address"
        whose={words.whose}
        legend={`${words.whose} address`}
        own={words.own}
      />
      <RadioCards
        name={preferred.id}
        legend={words.preferredLegend}
        options={preferredContactMethods.map((value) => ({ value, label: preferredContactLabels[value] }))}
        value={preferred.value === "" ? null : preferred.value}
        onChange={preferred.onChange}
        error={preferred.error?.[0]}
      />
    </>
  );
}
