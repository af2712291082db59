"use client";

import Link from "next/link";
import {
  deathNotificationBodySchema,
  type DeathNotification,
  type DeathNotificationFields,
  type DeathNotificationResponse,
} from "@kindred/contracts";
import {
  accidentalAnswerLabels,
  accidentalAnswers,
  atNeedPhone,
  informantRelationshipLabels,
  informantRelationships,
  restingPlaceLabels,
  restingPlaces,
} from "@kindred/domain";
import { DateOfBirthField } from "../../components/date-of-birth-field";
import { FormShell } from "../../components/form-shell";
import { RadioCards } from "../../components/radio-cards";
import { useFormField, useSchemaForm, type FormFieldBinding } from "../../components/schema-form";
import { TextField } from "../../components/text-field";
import { useFormFailure } from "../../components/use-form-failure";
import { useNotifyADeath } from "./notify-a-death-requests";
import styles from "./notify-a-death.module.css";

/**
 * Each field's name in the error summary, in the order the form asks. Each reads inside "Tell us
 * ...", which is what the form says of a question left unanswered (`namesRequiredFields`).
 */
const labels = {
  "person.firstName": "Their first name",
  "person.lastName": "Their last name",
  "person.dateOfBirth.day": "The day they were born",
  "person.dateOfBirth.month": "The month they were born",
  "person.dateOfBirth.year": "The year they were born",
  "person.planReference": "Plan reference",
  "person.postcode": "Postcode of their home",
  "dateOfDeath.day": "The day they died",
  "dateOfDeath.month": "The month they died",
  "dateOfDeath.year": "The year they died",
  accidental: "Whether it was an accident",
  restingPlace: "Where they are now",
  restingPlaceDetails: "Where exactly",
  "informant.firstName": "Your first name",
  "informant.lastName": "Your last name",
  "informant.relationship": "Who you are to them",
  "informant.email": "Your email address",
  "informant.phone": "Your phone number",
} as const;

const emptyDate = { day: "", month: "", year: "" };

const defaultValues: DeathNotificationFields = {
  person: { firstName: "", lastName: "", dateOfBirth: emptyDate, planReference: "", postcode: "" },
  dateOfDeath: emptyDate,
  accidental: "",
  restingPlace: "",
  restingPlaceDetails: "",
  informant: { firstName: "", lastName: "", relationship: "", email: "", phone: "" },
};

/** A radio question bound to one field of the form. */
function Radios({
  field,
  legend,
  hint,
  options,
}: {
  field: FormFieldBinding;
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <RadioCards
      name={field.id}
      legend={legend}
      hint={hint}
      options={options}
      value={field.value === "" ? null : field.value}
      onChange={field.onChange}
      error={field.error?.[0]}
    />
  );
}

/**
 * The form for telling us of a death (issue 23 item 4), in four short parts: the person who died,
 * when, where they are now, and the person telling us. Checked by the contract's own schema; what
 * is wrong shows under each field and in the summary above, and nothing typed is lost. Once it
 * arrives, `onSent` has the one answer, the same whether or not a plan was found.
 */
export function NotifyADeathForm({ onSent }: { onSent: (answer: DeathNotificationResponse) => void }) {
  const notify = useNotifyADeath();
  const form = useSchemaForm<DeathNotificationFields, DeathNotification>({
    schema: deathNotificationBodySchema,
    idPrefix: "notify-a-death",
    labels,
    defaultValues,
    namesRequiredFields: true,
  });
  const failure = useFormFailure(form.form, Object.keys(labels));

  const person = {
    firstName: useFormField(form, "person.firstName"),
    lastName: useFormField(form, "person.lastName"),
    day: useFormField(form, "person.dateOfBirth.day", ["dateOfDeath.year"]),
    month: useFormField(form, "person.dateOfBirth.month", ["dateOfDeath.year"]),
    year: useFormField(form, "person.dateOfBirth.year", ["dateOfDeath.year"]),
    planReference: useFormField(form, "person.planReference", ["person.postcode"]),
    postcode: useFormField(form, "person.postcode", ["person.planReference"]),
  };
  const died = {
    day: useFormField(form, "dateOfDeath.day"),
    month: useFormField(form, "dateOfDeath.month"),
    year: useFormField(form, "dateOfDeath.year"),
  };
  const accidental = useFormField(form, "accidental");
  const restingPlace = useFormField(form, "restingPlace");
  const restingPlaceDetails = useFormField(form, "restingPlaceDetails");
  const informant = {
    firstName: useFormField(form, "informant.firstName"),
    lastName: useFormField(form, "informant.lastName"),
    relationship: useFormField(form, "informant.relationship"),
    email: useFormField(form, "informant.email"),
    phone: useFormField(form, "informant.phone"),
  };

  /** The answers as typed (the API reads them by the same rules); what it refuses goes under its field. */
  async function send() {
    failure.clear();
    try {
      onSent(await notify.mutateAsync(form.form.getValues()));
    } catch (error) {
      failure.fail(error);
    }
  }

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={send}
      submitLabel="Send"
      busyLabel="Sending…"
      before={failure.box(
        "We could not send this",
        <p>Please try again in a moment, or call us on the number above and we will take the details.</p>,
      )}
    >
      <section className={styles.section} aria-labelledby="notify-a-death-person">
        <h2 id="notify-a-death-person">About the person who died</h2>
        <TextField {...person.firstName} label="Their first name" autoComplete="off" />
        <TextField {...person.lastName} label="Their last name" autoComplete="off" />
        <DateOfBirthField
          legend="Their date of birth"
          hint="For example, 7 March 1938"
          ownDetails={false}
          day={person.day}
          month={person.month}
          year={person.year}
        />
        <TextField
          {...person.planReference}
          label="Plan reference (if you have it)"
          hint={`It looks like KND-7Q4M-2HX9. It is on the plan documents, which were sent to the person who bought the plan. If you do not have it, leave this empty and give the postcode of their home below: with their name and date of birth, we can find the plan from that. Or call us on ${atNeedPhone.display}, day or night.`}
          autoComplete="off"
        />
        <TextField
          {...person.postcode}
          label="Postcode of their home (if you do not have the plan reference)"
          hint="With their name and date of birth, this is enough for us to find their plan. For example, MK9 2HP"
          autoComplete="off"
        />
      </section>

      <section className={styles.section} aria-labelledby="notify-a-death-when">
        <h2 id="notify-a-death-when">When they died</h2>
        <DateOfBirthField
          legend="The date they died"
          hint="For example, 14 November 2026"
          ownDetails={false}
          day={died.day}
          month={died.month}
          year={died.year}
        />
        <Radios
          field={accidental}
          legend="Was their death the result of an accident?"
          hint="If you do not know, that is fine. Choose “I do not know”."
          options={accidentalAnswers.map((value) => ({ value, label: accidentalAnswerLabels[value] }))}
        />
      </section>

      <section className={styles.section} aria-labelledby="notify-a-death-where">
        <h2 id="notify-a-death-where">Where they are now</h2>
        <Radios
          field={restingPlace}
          legend="Where is the person who died now?"
          options={restingPlaces.map((value) => ({ value, label: restingPlaceLabels[value] }))}
        />
        <TextField
          {...restingPlaceDetails}
          label="Where exactly (optional)"
          hint="For example, the name of the hospital, care home or funeral director, and the town."
          autoComplete="off"
        />
      </section>

      <section className={styles.section} aria-labelledby="notify-a-death-you">
        <h2 id="notify-a-death-you">About you</h2>
        <TextField {...informant.firstName} label="Your first name" autoComplete="given-name" />
        <TextField {...informant.lastName} label="Your last name" autoComplete="family-name" />
        <Radios
          field={informant.relationship}
          legend="Who are you to the person who died?"
          options={informantRelationships.map((value) => ({
            value,
            label: informantRelationshipLabels[value],
          }))}
        />
        <TextField
          {...informant.email}
          label="Your email address"
          hint="We will email you to say we have your message."
          type="email"
          autoComplete="email"
        />
        <TextField
          {...informant.phone}
          label="Your phone number"
          hint="We will call you on this number. A UK landline or mobile number, like 01632 960 001."
          autoComplete="tel-national"
        />
        <p className={styles.privacy}>
          We use these details only to look after the funeral and to contact you about it. Our{" "}
          <Link href="/privacy-policy">privacy policy</Link> says more.
        </p>
      </section>
    </FormShell>
  );
}
