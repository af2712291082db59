"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo } from "react";
import type { FieldValues } from "react-hook-form";
import { customerSchema, type CustomerFields } from "@kindred/contracts";
import {
  accessibilitySupportKinds,
  accessibilitySupportLabels,
  marketingChannelLabels,
  preferredContactLabels,
  preferredContactMethods,
  vulnerabilityKinds,
  vulnerabilityLabels,
} from "@kindred/domain";
import { z } from "zod";
import { AddressFields, addressLabels } from "../../components/address-fields";
import { BackLink } from "../../components/back-link";
import { Checkbox } from "../../components/checkbox";
import { FormShell } from "../../components/form-shell";
import { RadioCards } from "../../components/radio-cards";
import { useCheckboxField, useFormField, useSchemaForm, type SchemaForm } from "../../components/schema-form";
import { TextAreaField } from "../../components/text-area-field";
import { TextField } from "../../components/text-field";
import { readLocal } from "../../lib/storage";
import { dateOfBirthLabels, DateOfBirthFields, nameLabels, NameFields } from "./person-fields";
import { emptyCustomer, readPurchaseDraft, updatePurchaseDraft } from "./purchase-draft";
import { purchasePaths } from "./purchase-paths";
import styles from "./purchase.module.css";

const schema = z.object({ customer: customerSchema });
type Fields = { customer: CustomerFields };

const labels: Record<string, string> = {
  ...nameLabels("customer", "Your"),
  ...dateOfBirthLabels("customer", "Your"),
  "customer.email": "Your email address",
  "customer.confirmEmail": "Confirm your email address",
  "customer.phone": "Your phone number",
  ...addressLabels("customer.address", "Your"),
  "customer.preferredContactMethod": "How we contact you",
  "customer.accessibilitySupportForDocumentation": "How you would like your documents",
  "customer.agreesToAllDocumentationInEnglish": "Documents in English",
  "customer.vulnerabilities.notes": "Anything else we should know",
  "customer.vulnerabilityConsent": "Your permission to keep this",
};

/** Someone signed in has told us their name and email already: the form starts with them. */
function startingCustomer(): CustomerFields {
  const draft = readPurchaseDraft().customer;
  if (draft) return draft;
  const email = readLocal("userEmail");
  const name = readLocal("userName");
  const [firstName = "", ...rest] = typeof name === "string" ? name.split(" ") : [];
  return emptyCustomer({
    firstName,
    lastName: rest.join(" "),
    email: typeof email === "string" ? email : "",
  });
}

/**
 * "Your details" (`/purchase/customer`): the person buying the plan. Their name, date of birth
 * (18 or over), how to reach them, their address, how they would like their documents, and, if
 * they choose, anything about their circumstances that means we should take more care.
 */
export function CustomerScreen() {
  const router = useRouter();
  const defaultValues = useMemo(() => ({ customer: startingCustomer() }), []);
  const form = useSchemaForm<Fields, z.infer<typeof schema>>({
    schema,
    idPrefix: "purchase",
    labels,
    defaultValues,
  });
  const anyForm = form as unknown as SchemaForm<FieldValues, unknown>;

  // Every change is kept for this tab, so going back or reloading loses nothing.
  useEffect(() => {
    const subscription = form.form.watch((values) =>
      updatePurchaseDraft({ customer: values.customer as CustomerFields }),
    );
    return () => subscription.unsubscribe();
  }, [form.form]);

  const email = useFormField(form, "customer.email", ["customer.confirmEmail"]);
  const confirmEmail = useFormField(form, "customer.confirmEmail");
  const phone = useFormField(form, "customer.phone");
  const preferred = useFormField(form, "customer.preferredContactMethod");
  const format = useFormField(form, "customer.accessibilitySupportForDocumentation");
  const english = useCheckboxField(form, "customer.agreesToAllDocumentationInEnglish");
  const post = useCheckboxField(form, "customer.receiveCopyInThePost");
  const marketing = [
    useCheckboxField(form, "customer.contactMethods.0.checked"),
    useCheckboxField(form, "customer.contactMethods.1.checked"),
    useCheckboxField(form, "customer.contactMethods.2.checked"),
  ];
  const notes = useFormField(form, "customer.vulnerabilities.notes");
  const consent = useCheckboxField(form, "customer.vulnerabilityConsent");

  // The answers as typed go on with the person; the API checks them again when they are sent.
  function next() {
    updatePurchaseDraft({ customer: form.form.getValues().customer });
    router.push(purchasePaths.additional);
  }

  return (
    <div className="page-width journey-page">
      <BackLink href={purchasePaths.whoFor} />
      <h1>Your details</h1>
      <p className="lead">
        As the person arranging the plan, you are our customer. We will send your documents to you and keep
        you up to date.
      </p>
      <FormShell form={form.form} summary={form.summary} onValid={next} submitLabel="Continue">
        <section className={styles.section} aria-labelledby="your-name">
          <h2 id="your-name">Your name</h2>
          <NameFields form={anyForm} prefix="customer" own />
          <DateOfBirthFields form={anyForm} prefix="customer" legend="Your date of birth" own />
        </section>

        <section className={styles.section} aria-labelledby="your-contact">
          <h2 id="your-contact">How to reach you</h2>
          <TextField {...email} label="Email address" type="email" autoComplete="email" />
          <TextField
            {...confirmEmail}
            label="Confirm your email address"
            hint="Type it again, so we can be sure it is right."
            type="email"
            autoComplete="email"
          />
          <TextField
            {...phone}
            label="Phone number"
            hint="A UK landline or mobile number, like 01632 960 001"
            autoComplete="tel-national"
          />
          <AddressFields form={anyForm} prefix="customer.address" whose="Your" legend="Your address" own />
          <RadioCards
            name={preferred.id}
            legend="How would you like us to contact you about your plan?"
            options={preferredContactMethods.map((value) => ({
              value,
              label: preferredContactLabels[value],
            }))}
            value={preferred.value === "" ? null : preferred.value}
            onChange={preferred.onChange}
            error={preferred.error?.[0]}
          />
        </section>

        <section className={styles.section} aria-labelledby="your-documents">
          <h2 id="your-documents">Your documents</h2>
          <RadioCards
            name={format.id}
            legend="How would you like your documents?"
            hint="We can send every document in large print, in braille or on audio CD, at no cost."
            options={accessibilitySupportKinds.map((value) => ({
              value,
              label: accessibilitySupportLabels[value],
            }))}
            value={format.value === "" ? null : format.value}
            onChange={format.onChange}
            error={format.error?.[0]}
          />
          <Checkbox
            {...english}
            label="I am happy to receive my documents in English"
            hint="If you need them in another language, please call us and we will help."
          />
          <Checkbox
            {...post}
            label="Please also post me a paper copy of my documents"
            hint="We will always email them to you as well."
          />
        </section>

        <section className={styles.section} aria-labelledby="your-news">
          <h2 id="your-news">News and offers (optional)</h2>
          <p>
            We would like to send you news about our plans and our free guides now and then. Tick any way you
            are happy to hear from us. You can change your mind at any time.
          </p>
          {marketing.map((binding, index) => (
            <Checkbox
              key={binding.id}
              {...binding}
              label={Object.values(marketingChannelLabels)[index] ?? ""}
            />
          ))}
        </section>

        <section className={styles.section} aria-labelledby="your-circumstances">
          <h2 id="your-circumstances">Your circumstances (optional)</h2>
          <p>
            Some things in life can make arranging a plan harder, or mean we should take a little more care:
            for example a recent bereavement, an illness, or finding reading difficult. If anything here
            applies to you, telling us means we can help in the way that suits you, such as calling at a
            better time, explaining things again, or sending large print. You do not have to tell us anything.
          </p>
          <p>
            What you tell us is only used to support you. Only the people who look after your plan can see it,
            and you can ask us to delete it at any time.
          </p>
          <CircumstanceCheckboxes form={form} />
          <TextAreaField
            id={notes.id}
            label="Anything else we should know (optional)"
            value={notes.value}
            onChange={notes.onChange}
            error={notes.error?.[0]}
            maxLength={1000}
          />
          <Checkbox
            {...consent}
            label="I give permission for Kindred to keep what I have told us about my circumstances, to support me"
          />
        </section>
      </FormShell>
    </div>
  );
}

function CircumstanceCheckboxes({ form }: { form: SchemaForm<Fields, z.infer<typeof schema>> }) {
  return (
    <fieldset className="fieldset">
      <legend className="legend">Do any of these apply to you?</legend>
      {vulnerabilityKinds.map((kind) => (
        <Circumstance key={kind} form={form} kind={kind} />
      ))}
    </fieldset>
  );
}

function Circumstance({
  form,
  kind,
}: {
  form: SchemaForm<Fields, z.infer<typeof schema>>;
  kind: (typeof vulnerabilityKinds)[number];
}) {
  const binding = useCheckboxField(form, `customer.vulnerabilities.${kind}`);
  return <Checkbox {...binding} label={vulnerabilityLabels[kind]} />;
}
