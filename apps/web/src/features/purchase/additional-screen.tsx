"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo } from "react";
import type { FieldValues } from "react-hook-form";
import {
  coveredPersonSchema,
  nomineeSchema,
  payerSchema,
  type PlanPeopleFields,
  type PlanPeopleResponse,
  type RegisteredResponse,
} from "@kindred/contracts";
import {
  messages,
  passwordProblems,
  passwordRepeatProblems,
  yesNo,
  type PlanType,
  type YesNo,
} from "@kindred/domain";
import { z } from "zod";
import { AddressFields, addressLabels } from "../../components/address-fields";
import { BackLink } from "../../components/back-link";
import { FormShell } from "../../components/form-shell";
import { useFormFailure } from "../../components/use-form-failure";
import { PasswordField } from "../../components/password-field";
import { PasswordRulesHint } from "../../components/password-rules-hint";
import { ProcessingModal, useProcessingModal } from "../../components/processing-modal";
import { useFormField, useSchemaForm, type SchemaForm } from "../../components/schema-form";
import { TextField } from "../../components/text-field";
import { apiRequest } from "../../lib/api-client";
import { signIn } from "../../lib/customer-session";
import { usePurchasePlan } from "../../lib/purchase-plan";
import {
  contactLabels,
  ContactFields,
  dateOfBirthLabels,
  DateOfBirthFields,
  nameLabels,
  NameFields,
  useAnswer,
  YesNoField,
} from "./person-fields";
import {
  emptyAdditional,
  readPurchaseDraft,
  updatePurchaseDraft,
  type AdditionalFields,
} from "./purchase-draft";
import { purchasePaths } from "./purchase-paths";
import styles from "./purchase.module.css";

interface Fields extends AdditionalFields {
  password: string;
  passwordRepeat: string;
}

/** Checks `value` with a contract's schema and reports its problems under `path`. */
function checkUnder(schema: z.ZodType, value: unknown, path: string, context: z.RefinementCtx) {
  const result = schema.safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues) {
    context.addIssue({ code: "custom", path: [path, ...issue.path], message: issue.message });
  }
}

/**
 * The screen's own schema, made of the contracts' person schemas: each person is checked only
 * when the person's answers show them (SPEC.md's showCoveredPersonForm, showNominatedRepresentativeForm,
 * showPayerForm), and a visitor's new password by the account rules.
 */
function additionalSchema(planType: PlanType, needsPassword: boolean) {
  const yesOrNo = z.custom<YesNo | "">().pipe(z.enum(yesNo, { error: messages.required }));
  return z
    .object({
      coveredPerson: z.custom<AdditionalFields["coveredPerson"]>(),
      hasNominee: yesOrNo,
      nominee: z.custom<AdditionalFields["nominee"]>(),
      someoneElsePays: yesOrNo,
      payer: z.custom<AdditionalFields["payer"]>(),
      password: z.string(),
      passwordRepeat: z.string(),
    })
    .superRefine((fields, context) => {
      if (planType === "someone-else")
        checkUnder(coveredPersonSchema, fields.coveredPerson, "coveredPerson", context);
      if (fields.hasNominee === "yes") checkUnder(nomineeSchema, fields.nominee, "nominee", context);
      if (fields.someoneElsePays === "yes") checkUnder(payerSchema, fields.payer, "payer", context);
      if (!needsPassword) return;
      for (const problem of passwordProblems(fields.password)) {
        context.addIssue({ code: "custom", path: ["password"], message: problem });
      }
      for (const problem of passwordRepeatProblems(fields.password, fields.passwordRepeat)) {
        context.addIssue({ code: "custom", path: ["passwordRepeat"], message: problem });
      }
    });
}

function labelsFor(planType: PlanType, needsPassword: boolean): Record<string, string> {
  return {
    ...(planType === "someone-else"
      ? {
          ...nameLabels("coveredPerson", "Their"),
          ...dateOfBirthLabels("coveredPerson", "Their"),
          "coveredPerson.relationshipWithCustomer": "How you know them",
          "coveredPerson.isCoveredPersonAwareOfPlan": "Whether they know about the plan",
          "coveredPerson.isSameAddressAsCustomer": "Whether they live with you",
          ...addressLabels("coveredPerson.address", "Their"),
        }
      : {}),
    hasNominee: "Someone to speak for you",
    ...nameLabels("nominee", "Their"),
    ...contactLabels("nominee", "Their"),
    "nominee.isSameAddressAsCustomer": "Whether they live with you",
    ...addressLabels("nominee.address", "Their"),
    someoneElsePays: "Who is paying",
    ...nameLabels("payer", "The payer's"),
    ...dateOfBirthLabels("payer", "The payer's"),
    ...contactLabels("payer", "The payer's"),
    "payer.isSameAddressAsCustomer": "Whether the payer lives with you",
    ...addressLabels("payer.address", "The payer's"),
    "payer.isSameBillingAddressAsCustomer": "The payer's billing address",
    ...addressLabels("payer.billingAddress", "The payer's billing"),
    ...(needsPassword ? { password: "Your password", passwordRepeat: "Your password again" } : {}),
  };
}

/**
 * "The other people" (`/purchase/additional`): the person the plan is for when that is someone
 * else, someone the customer would like us to be able to speak to, and the payer when someone
 * else pays. A visitor then chooses a password, and their account and the plan's people are made
 * together (SPEC.md section 7 item 4); a signed-in customer's people are stored with their plan.
 */
export function AdditionalScreen() {
  const router = useRouter();
  const { planId, signedIn } = usePurchasePlan();
  const draft = useMemo(() => readPurchaseDraft(), []);
  const planType: PlanType = draft.planType ?? "myself";
  const needsPassword = !signedIn;
  const schema = useMemo(() => additionalSchema(planType, needsPassword), [planType, needsPassword]);
  const labels = useMemo(() => labelsFor(planType, needsPassword), [planType, needsPassword]);
  const defaultValues = useMemo(
    () => ({ ...(draft.additional ?? emptyAdditional()), password: "", passwordRepeat: "" }),
    [draft],
  );
  const form = useSchemaForm<Fields, z.infer<typeof schema>>({
    schema,
    idPrefix: "purchase",
    labels,
    defaultValues,
  });
  const anyForm = form as unknown as SchemaForm<FieldValues, unknown>;
  // Everything the API says goes in the box above the form.
  const failure = useFormFailure(form.form);
  const processing = useProcessingModal();

  useEffect(() => {
    // Without the customer's own details there is nobody to add people to: back a step.
    if (!draft.customer) router.replace(purchasePaths.customer);
  }, [draft.customer, router]);

  useEffect(() => {
    const subscription = form.form.watch((values) => {
      const { password: _password, passwordRepeat: _repeat, ...answers } = values;
      updatePurchaseDraft({ additional: answers as AdditionalFields });
    });
    return () => subscription.unsubscribe();
  }, [form.form]);

  const hasNominee = useAnswer(anyForm, "hasNominee");
  const someoneElsePays = useAnswer(anyForm, "someoneElsePays");
  const password = useFormField(form, "password", ["passwordRepeat"]);
  const passwordRepeat = useFormField(form, "passwordRepeat");

  async function send() {
    const values = form.form.getValues();
    if (!draft.customer) return;
    const people: PlanPeopleFields = {
      customer: draft.customer,
      coveredPerson: planType === "someone-else" ? values.coveredPerson : null,
      nominee: values.hasNominee === "yes" ? values.nominee : null,
      payer: values.someoneElsePays === "yes" ? values.payer : null,
    };
    if (signedIn) {
      const stored = await apiRequest<PlanPeopleResponse>(`/api/plan/${planId}/customer`, {
        method: "POST",
        body: people,
      });
      if (!stored.ok) return failure.fail(stored.data.violations);
      router.push(purchasePaths.options);
      return;
    }
    // Making the account and signing in takes a moment: the processing modal says what is happening.
    processing.show("Creating your account");
    const created = await apiRequest<RegisteredResponse>(`/api/plan/${planId}/customer-guest`, {
      method: "POST",
      body: { ...people, password: values.password, passwordRepeat: values.passwordRepeat },
    });
    if (!created.ok) {
      processing.reset();
      return failure.fail(created.data.violations);
    }
    const signedInNow = await signIn(draft.customer.email, values.password);
    if (!signedInNow.ok) {
      processing.reset();
      // The address may already have an account (registering answers the same either way, and
      // its owner is emailed): the plan and these details wait for them to sign in.
      const title =
        signedInNow.message === messages.signInFailed
          ? messages.notSignedInAfterRegistering
          : signedInNow.message;
      return failure.fail([{ propertyPath: "Request", title }]);
    }
    // Signing in starts the page afresh, so the header and the plan pick up the new account.
    window.location.assign(purchasePaths.options);
  }

  return (
    <div className="page-width journey-page">
      <BackLink href={purchasePaths.customer} />
      <h1>{planType === "someone-else" ? "The person the plan is for, and others" : "Other people"}</h1>
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={send}
        submitLabel={needsPassword ? "Create my account and continue" : "Continue"}
        busyLabel="Saving your details…"
        before={failure.box("We could not save these details")}
      >
        {planType === "someone-else" ? <CoveredPersonSection form={anyForm} /> : null}

        <section className={styles.section} aria-labelledby="nominee-heading">
          <h2 id="nominee-heading">Someone we can speak to</h2>
          <YesNoField
            form={anyForm}
            name="hasNominee"
            legend="Would you like to name someone we can speak to about your plan?"
            hint="For example, a son or daughter who may one day need to arrange the funeral. You can change this at any time."
          />
          {hasNominee === "yes" ? (
            <>
              <NameFields form={anyForm} prefix="nominee" own={false} />
              <ContactFields form={anyForm} prefix="nominee" />
              <SameAddress
                form={anyForm}
                prefix="nominee"
                whose="Their"
                legend="Do they live at your address?"
              />
            </>
          ) : null}
        </section>

        <section className={styles.section} aria-labelledby="payer-heading">
          <h2 id="payer-heading">Who is paying</h2>
          <YesNoField form={anyForm} name="someoneElsePays" legend="Is someone else paying for the plan?" />
          {someoneElsePays === "yes" ? <PayerSection form={anyForm} /> : null}
        </section>

        {needsPassword ? (
          <section className={styles.section} aria-labelledby="account-heading">
            <h2 id="account-heading">Your account</h2>
            <p>
              Choose a password for your account, so you can see your plan and its documents whenever you
              like. You will sign in with your email address, {draft.customer?.email}.
            </p>
            <PasswordField
              {...password}
              label="Create a password"
              hint={<PasswordRulesHint />}
              autoComplete="new-password"
            />
            <PasswordField {...passwordRepeat} label="Repeat your password" autoComplete="new-password" />
          </section>
        ) : null}
      </FormShell>
      <ProcessingModal state={processing.state} onClose={processing.reset} />
    </div>
  );
}

function SameAddress({
  form,
  prefix,
  whose,
  legend,
}: {
  form: SchemaForm<FieldValues, unknown>;
  prefix: string;
  /** As its address labels name the person ("Their", "The payer's"). */
  whose: string;
  legend: string;
}) {
  const same = useAnswer(form, `${prefix}.isSameAddressAsCustomer`);
  return (
    <>
      <YesNoField form={form} name={`${prefix}.isSameAddressAsCustomer`} legend={legend} />
      {same === "no" ? (
        <AddressFields
          form={form}
          prefix={`${prefix}.address`}
          whose={whose}
          legend="Their address"
          own={false}
        />
      ) : null}
    </>
  );
}

function CoveredPersonSection({ form }: { form: SchemaForm<FieldValues, unknown> }) {
  const relationship = useFormField(form, "coveredPerson.relationshipWithCustomer");
  return (
    <section className={styles.section} aria-labelledby="covered-heading">
      <h2 id="covered-heading">The person the plan is for</h2>
      <NameFields form={form} prefix="coveredPerson" own={false} />
      <DateOfBirthFields form={form} prefix="coveredPerson" legend="Their date of birth" own={false} />
      <TextField
        {...relationship}
        label="How do you know them?"
        hint="For example, my mother, my husband or a friend"
        autoComplete="off"
      />
      <YesNoField
        form={form}
        name="coveredPerson.isCoveredPersonAwareOfPlan"
        legend="Do they know you are arranging this plan?"
        hint="It is fine if they do not yet. It helps us know how to speak with them if we need to."
      />
      <SameAddress form={form} prefix="coveredPerson" whose="Their" legend="Do they live at your address?" />
    </section>
  );
}

function PayerSection({ form }: { form: SchemaForm<FieldValues, unknown> }) {
  const sameBilling = useAnswer(form, "payer.isSameBillingAddressAsCustomer");
  return (
    <>
      <p>The person paying must be 18 or over. We will send them a receipt for each payment.</p>
      <NameFields form={form} prefix="payer" own={false} />
      <DateOfBirthFields form={form} prefix="payer" legend="Their date of birth" own={false} />
      <ContactFields form={form} prefix="payer" />
      <SameAddress form={form} prefix="payer" whose="The payer's" legend="Do they live at your address?" />
      <YesNoField
        form={form}
        name="payer.isSameBillingAddressAsCustomer"
        legend="Is their card or bank account registered to your address?"
      />
      {sameBilling === "no" ? (
        <AddressFields
          form={form}
          prefix="payer.billingAddress"
          whose="The payer's billing"
          legend="Their billing address"
          own={false}
        />
      ) : null}
    </>
  );
}
