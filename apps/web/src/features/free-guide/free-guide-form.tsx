"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { enquiryBodySchema, type EnquiryBody, type EnquiryFields } from "@kindred/contracts";
import { marketingChannelLabels, type MarketingChannel } from "@kindred/domain";
import { Checkbox } from "../../components/checkbox";
import { FormShell } from "../../components/form-shell";
import { useFormFailure } from "../../components/use-form-failure";
import { useCheckboxField, useFormField, useSchemaForm } from "../../components/schema-form";
import { TextField } from "../../components/text-field";
import { rememberFreeGuideRef, storedFreeGuideRef, storedUtmParams } from "../../lib/free-guide-storage";
import { freeGuidePaths, useRequestFreeGuide } from "./free-guide-requests";
import styles from "./free-guide.module.css";

const labels = {
  name: "Your name",
  email: "Email address",
  phone: "Phone number (optional)",
  postcode: "Postcode (optional)",
} as const;

/** The ways we may contact someone, in the order the form asks. */
const channels: readonly MarketingChannel[] = ["email", "phone", "post"];

const defaultValues: EnquiryFields = {
  name: "",
  email: "",
  phone: "",
  postcode: "",
  // Nobody is contacted in a way they did not choose: every box starts unticked.
  contactPreferences: { email: false, phone: false, post: false },
  utmParams: {},
  freeGuideRef: null,
};

/**
 * The request for the free guide: a name and an email address, a phone number and postcode if
 * the person wishes, and how they would like to hear from us, each way unticked until they tick
 * it. The campaign they came from and their last request's reference, kept in this browser, go
 * with it. Once it is stored, the thank-you page.
 */
export function FreeGuideForm() {
  const router = useRouter();
  const requestGuide = useRequestFreeGuide();
  const form = useSchemaForm<EnquiryFields, EnquiryBody>({
    schema: enquiryBodySchema,
    idPrefix: "free-guide",
    labels,
    defaultValues,
  });
  const name = useFormField(form, "name");
  const email = useFormField(form, "email");
  const phone = useFormField(form, "phone");
  const postcode = useFormField(form, "postcode");
  const contactBy = {
    email: useCheckboxField(form, "contactPreferences.email"),
    phone: useCheckboxField(form, "contactPreferences.phone"),
    post: useCheckboxField(form, "contactPreferences.post"),
  };
  const failure = useFormFailure(form.form, Object.keys(labels));

  /** What the API says about a field goes under it (and in the error summary); the rest in a box. */
  async function send() {
    failure.clear();
    // The answers as typed (the API reads them by the same rules), with what this browser keeps.
    const enquiry: EnquiryFields = {
      ...form.form.getValues(),
      utmParams: storedUtmParams(),
      freeGuideRef: storedFreeGuideRef(),
    };
    try {
      const { reference } = await requestGuide.mutateAsync(enquiry);
      rememberFreeGuideRef(reference);
    } catch (error) {
      failure.fail(error);
      return;
    }
    router.push(freeGuidePaths.thankYou);
  }

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={send}
      submitLabel="Send me the guide"
      busyLabel="Sending your guide…"
      before={failure.box("We could not send your guide")}
    >
      <TextField {...name} label={labels.name} autoComplete="name" />
      <TextField
        {...email}
        label={labels.email}
        hint="We will email the guide to this address."
        type="email"
        autoComplete="email"
      />
      <TextField
        {...phone}
        label={labels.phone}
        hint="A UK landline or mobile number, like 01632 960 001. Only needed if you would like us to call you."
        autoComplete="tel-national"
      />
      <TextField
        {...postcode}
        label={labels.postcode}
        hint="It tells us which part of the country you are in, like MK9 2HP."
        autoComplete="postal-code"
      />
      <fieldset className={`fieldset ${styles.contactChoices}`} aria-describedby="free-guide-contact-hint">
        <legend className="legend">How would you like to hear from us?</legend>
        <div className="hint" id="free-guide-contact-hint">
          We will email you the guide whatever you choose. After that, we will only contact you in the ways
          you tick, and you can change your mind at any time.
        </div>
        {channels.map((channel) => (
          <Checkbox key={channel} {...contactBy[channel]} label={marketingChannelLabels[channel]} />
        ))}
      </fieldset>
      <p className={styles.privacy}>
        We use your details only to send you the guide and to contact you in the ways you choose, and we will
        never sell them. Our <Link href="/privacy-policy">privacy policy</Link> says more.
      </p>
    </FormShell>
  );
}
