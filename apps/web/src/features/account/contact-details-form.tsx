"use client";

import { useEffect, useRef, useState } from "react";
import type { CustomerContactDetailsBody, PlanPeopleResponse } from "@kindred/contracts";
import {
  ContactDetailsFields,
  useContactDetailsForm,
  type ContactDetailsWords,
} from "../../components/contact-details-fields";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { FormShell } from "../../components/form-shell";
import { useFormFailure } from "../../components/use-form-failure";
import { CallUs } from "../../components/phone-link";
import { SuccessBox } from "../../components/success-box";
import { useChangeContactDetails } from "./account-queries";
import styles from "./account.module.css";

type Customer = NonNullable<PlanPeopleResponse["customer"]>;

const words: ContactDetailsWords = {
  whose: "Your",
  preferredLegend: "How would you like us to contact you about your plan?",
  own: true,
};

type State = "closed" | "open" | "saved";

/**
 * "Change your contact details" (issue 10 item 7): someone who moves house or changes their
 * phone tells us from their account, on a paid plan too. Opens a small form with the details as
 * they are; once saved, a green box says so and the people above show the new details. The
 * name and email address are not changed here: the person is asked to call us.
 */
export function ChangeContactDetails({ planId, customer }: { planId: string; customer: Customer }) {
  const [state, setState] = useState<State>("closed");
  const openButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Closed without saving: focus goes back to the button that opened the form.
  useEffect(() => {
    if (state !== "closed" || !returnFocus.current) return;
    returnFocus.current = false;
    openButton.current?.focus();
  }, [state]);

  if (state === "open") {
    return (
      <ContactDetailsForm
        planId={planId}
        customer={customer}
        onSaved={() => setState("saved")}
        onClose={() => {
          returnFocus.current = true;
          setState("closed");
        }}
      />
    );
  }
  return (
    <>
      {state === "saved" ? (
        <FocusOnArrival>
          <SuccessBox>
            <p className={styles.savedMessage}>Your contact details are saved.</p>
          </SuccessBox>
        </FocusOnArrival>
      ) : null}
      <p>
        <button
          ref={openButton}
          type="button"
          className="button button--secondary"
          onClick={() => setState("open")}
        >
          Change your contact details
        </button>
      </p>
    </>
  );
}

function ContactDetailsForm({
  planId,
  customer,
  onSaved,
  onClose,
}: {
  planId: string;
  customer: Customer;
  onSaved: () => void;
  onClose: () => void;
}) {
  const changeContactDetails = useChangeContactDetails(planId);
  const { form, fieldNames } = useContactDetailsForm(customer, "contact-details", words);
  const failure = useFormFailure(form.form, fieldNames);

  /** What the API says about a field goes under it (and in the error summary); the rest in a box. */
  async function save(contact: CustomerContactDetailsBody) {
    failure.clear();
    try {
      await changeContactDetails.mutateAsync(contact);
    } catch (error) {
      failure.fail(error);
      return;
    }
    onSaved();
  }

  return (
    <FocusOnArrival className={styles.contactForm}>
      <h3>Change your contact details</h3>
      <p>
        Tell us your new phone number or address, and how you would like us to contact you. To change your
        name or email address, please call us.
      </p>
      <CallUs />
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={save}
        submitLabel="Save contact details"
        busyLabel="Saving your contact details…"
        before={failure.box(
          "We could not save your contact details",
          <p>Please try again, or call us and we will help.</p>,
        )}
        after={
          <p className={styles.afterButton}>
            <button type="button" className="link-button" onClick={onClose}>
              Keep my details as they are
            </button>
          </p>
        }
      >
        <ContactDetailsFields form={form} words={words} />
      </FormShell>
    </FocusOnArrival>
  );
}
