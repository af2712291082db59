"use client";

import {
  staffPlanNoteBodySchema,
  type CustomerContactDetailsBody,
  type StaffPlanPage,
  type StaffPlanResendBody,
  type StaffPlanTimelineEntry,
} from "@kindred/contracts";
import {
  formatLongDate,
  formatPostalAddress,
  formatPrice,
  preferredContactLabels,
  vulnerabilityKinds,
  vulnerabilityLabels,
} from "@kindred/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import {
  ContactDetailsFields,
  contactDetailsOf,
  useContactDetailsForm,
  type ContactDetailsWords,
} from "../../components/contact-details-fields";
import { FormShell } from "../../components/form-shell";
import { LoadingSpinner } from "../../components/loading-spinner";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { SuccessBox } from "../../components/success-box";
import { TextAreaField } from "../../components/text-area-field";
import { useFormFailure } from "../../components/use-form-failure";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import {
  collectionStatusInWords,
  isCancelled,
  mandateStatusInWords,
  planStateInWords,
} from "../../lib/plan-state";
import { ConfirmFirst } from "./confirm-first";
import { SignedInStaffPage } from "./signed-in-staff-page";
import {
  addPlanNote,
  changeContactDetails,
  resendPlanEmail,
  showCircumstances,
  staffPlanQuery,
  type StaffPlanCircumstances,
} from "./staff-plan-requests";
import { formatMoment } from "./staff-words";
import styles from "./staff-plan.module.css";

type Person = NonNullable<StaffPlanPage["people"]["customer"]>;

/**
 * /staff/plans/{planId}: a plan laid out for an agent on the phone to its customer (issue 24
 * item 4; docs/decisions/031-staff-back-office.md). Where it stands and its money come first, then
 * the people (never their circumstances: those are shown only by asking, when the customer agreed
 * to share them, and the asking is recorded), the choices and price, documents, payments, emails,
 * referral, branch, at-need case and the timeline, with a note, a change of contact details and
 * the emails that can be sent again.
 */
export function StaffPlanScreen({ planId }: { planId: string }) {
  // The heading names the plan by the reference its customer reads out (decision 045), once known.
  const page = useQuery({ ...staffPlanQuery(planId), enabled: false });
  const reference = page.data?.plan.reference;
  return (
    <SignedInStaffPage page="home" title={reference ? `Plan ${reference}` : "Plan"} needs="plans.read">
      {(me) => <PlanPage planId={planId} may={(permission) => me.permissions.includes(permission)} />}
    </SignedInStaffPage>
  );
}

function PlanPage({ planId, may }: { planId: string; may: (permission: string) => boolean }) {
  const page = useQuery(staffPlanQuery(planId));
  if (page.status === "pending") return <LoadingSpinner label="Loading the plan…" />;
  if (page.status === "error") {
    return <ViolationsBox title="Sorry, we could not load this plan" violations={violationsOf(page.error)} />;
  }
  const plan = page.data;
  const cancelled = isCancelled(plan.payments);
  return (
    <div className={styles.page}>
      <AtAGlance plan={plan} />
      <StateAndMoney plan={plan} />
      <People plan={plan} mayChange={may("plans.contact-details") && !cancelled} />
      <Choices plan={plan} />
      <Documents plan={plan} />
      <Payments plan={plan} />
      <Emails plan={plan} mayResend={may("plans.resend") && !cancelled} />
      <Referral plan={plan} />
      <Branch plan={plan} />
      <AtNeedCase plan={plan} />
      <Timeline plan={plan} mayNote={may("plans.note")} />
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A list of facts: what each is, and its value. */
function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="summary-list">
      {rows.map(([label, value]) => (
        <div className="summary-list__row" key={label}>
          <dt className="summary-list__key">{label}</dt>
          <dd className="summary-list__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A person's name, with their title when they gave one, and their date of birth. */
function nameAndBirth(person: Person): string {
  const title = text(person.title) === "other" ? text(person.titleText) : text(person.title);
  const name = [title, person.firstName, person.lastName].filter(Boolean).join(" ");
  const born = (person.dateOfBirth as { iso8601?: unknown } | undefined)?.iso8601;
  return typeof born === "string" && born !== "" ? `${name}, born ${formatLongDate(born)}` : name;
}

/** Whether the customer told us of circumstances, and agreed to share them, in a few words. */
function supportNeedsInWords({ told, sharedAt }: StaffPlanPage["circumstances"]): ReactNode {
  if (!told) return "None told to us";
  if (sharedAt === null) return "Told to us, but not agreed to share";
  return (
    <>
      <strong>Shared with us.</strong> <a href="#plan-people">Read them under People</a>, before going on.
    </>
  );
}

/**
 * What an agent on the phone needs first (issue 50 item 9): whom the plan is for and their dates of
 * birth (to know the caller is who they say), its reference, where it stands, and whether there is
 * a support need to read before going on.
 */
function AtAGlance({ plan }: { plan: StaffPlanPage }) {
  const { customer, coveredPerson } = plan.people;
  return (
    <section aria-label="At a glance" className={styles.glance}>
      <Facts
        rows={[
          ["Customer", customer ? nameAndBirth(customer) : "Not given yet"],
          [
            "The plan is for",
            coveredPerson
              ? nameAndBirth(coveredPerson)
              : customer
                ? "The customer, for themself"
                : "Not given yet",
          ],
          [
            "Reference",
            <span key="reference" className={styles.reference}>
              {plan.plan.reference}
            </span>,
          ],
          ["State", <strong key="state">{planStateInWords(plan.payments)}</strong>],
          ["Support needs", supportNeedsInWords(plan.circumstances)],
        ]}
      />
    </section>
  );
}

function StateAndMoney({ plan }: { plan: StaffPlanPage }) {
  const { payments } = plan;
  const paidSoFar = payments.payments
    .filter((payment) => payment.completed)
    .reduce((sum, payment) => sum + payment.amount, 0);
  const collected = payments.collections
    .filter((collection) => collection.status === "collected")
    .reduce((sum, collection) => sum + collection.amount, 0);
  const due = payments.collections.find(
    (collection) => collection.status === "scheduled" || collection.status === "submitted",
  );
  const debit = payments.directDebit;
  const rows: [string, ReactNode][] = [
    ["State", <strong key="state">{planStateInWords(payments)}</strong>],
    ["Total price", formatPrice(plan.plan.price.total)],
    ["Paid so far", formatPrice(paidSoFar + collected - payments.refunded)],
  ];
  if (payments.depositOwed !== null) rows.push(["Deposit still to pay", formatPrice(payments.depositOwed)]);
  if (due) rows.push(["Next payment due", `${formatPrice(due.amount)} on ${formatLongDate(due.date)}`]);
  if (payments.arrears) {
    rows.push([
      "Behind with payments",
      `${formatPrice(payments.arrears.owed)} to catch up by ${formatLongDate(payments.arrears.catchUpBy)}`,
    ]);
  }
  if (payments.refundOwed > 0) rows.push(["Refund on its way", formatPrice(payments.refundOwed)]);
  if (debit) {
    rows.push([
      "Direct Debit",
      `${mandateStatusInWords(debit.status)}: ${debit.accountHolderName}, account ending ${debit.accountNumberEnding}`,
    ]);
  }
  if (payments.cancelledAt) rows.push(["Cancelled on", formatLongDate(payments.cancelledAt)]);
  rows.push(["Started", formatLongDate(plan.createdAt)]);
  if (payments.whenTheTimeComes) rows.push(["Bought", formatLongDate(payments.whenTheTimeComes.boughtOn)]);
  return (
    <Section title="Where the plan stands" id="plan-state">
      <Facts rows={rows} />
    </Section>
  );
}

const personRoles = [
  ["customer", "Customer"],
  ["coveredPerson", "Person the plan is for"],
  ["nominee", "Nominated representative"],
  ["payer", "Payer"],
] as const;

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** What an empty role means once the customer is known: they are the one (SPEC.md's people). */
const onTheCustomer = {
  coveredPerson: "The customer: the plan is for them.",
  payer: "The customer: they pay for the plan.",
} as const;

function personRows(person: Person): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [["Name", `${person.firstName} ${person.lastName}`]];
  const email = text(person.email);
  if (email) rows.push(["Email address", email]);
  const phone = text(person.phone);
  if (phone) rows.push(["Phone number", phone]);
  const contact = contactDetailsOf(person);
  if (contact) {
    rows.push(["Address", formatPostalAddress(contact.address)]);
    rows.push(["Preferred contact", preferredContactLabels[contact.preferredContactMethod]]);
  }
  return rows;
}

function People({ plan, mayChange }: { plan: StaffPlanPage; mayChange: boolean }) {
  const queryClient = useQueryClient();
  const { people } = plan;
  return (
    <Section title="People" id="plan-people">
      {personRoles.map(([role, title]) => {
        const person = people[role];
        return (
          <div key={role}>
            <h3>{title}</h3>
            {person ? (
              <Facts rows={personRows(person)} />
            ) : (
              <p>
                {people.customer && role in onTheCustomer
                  ? onTheCustomer[role as keyof typeof onTheCustomer]
                  : "Not given yet."}
              </p>
            )}
          </div>
        );
      })}
      <Circumstances planId={plan.planId} circumstances={plan.circumstances} />
      {mayChange && people.customer && people.updatedAt ? (
        <ChangeContactDetails
          planId={plan.planId}
          customer={people.customer}
          version={people.updatedAt}
          onSaved={(after) =>
            queryClient.setQueryData(staffPlanQuery(plan.planId).queryKey, (before) =>
              before ? { ...before, people: after } : before,
            )
          }
        />
      ) : null}
    </Section>
  );
}

function Circumstances({
  planId,
  circumstances,
}: {
  planId: string;
  circumstances: StaffPlanPage["circumstances"];
}) {
  const [shown, setShown] = useState<StaffPlanCircumstances | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  if (!circumstances.told) return <p>The customer has told us nothing about their circumstances.</p>;
  if (circumstances.sharedAt === null) {
    return (
      <p>
        The customer told us about their circumstances but did not agree to share them, so they are not shown.
      </p>
    );
  }
  async function show() {
    setBusy(true);
    setFailed(null);
    try {
      setShown(await showCircumstances(planId));
    } catch (error) {
      setFailed(error);
    } finally {
      setBusy(false);
    }
  }
  if (shown) {
    const answered = vulnerabilityKinds.filter((kind) => shown.vulnerabilities[kind]);
    return (
      <div className={styles.circumstances} role="region" aria-labelledby="plan-circumstances">
        <h3 id="plan-circumstances">Their answers about their circumstances</h3>
        <p>
          Shared with their agreement on {formatLongDate(shown.sharedAt)}. Your looking at them is recorded in
          the audit log.
        </p>
        {answered.length > 0 ? (
          <ul>
            {answered.map((kind) => (
              <li key={kind}>{vulnerabilityLabels[kind]}</li>
            ))}
          </ul>
        ) : (
          <p>They ticked none of the questions.</p>
        )}
        {shown.vulnerabilities.notes ? (
          <p>
            In their own words: <q>{shown.vulnerabilities.notes}</q>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <p>
        The customer agreed on {formatLongDate(circumstances.sharedAt)} to share their answers about their
        circumstances. Showing them is recorded in the audit log.
      </p>
      {failed ? (
        <ViolationsBox title="Sorry, we could not show their answers" violations={violationsOf(failed)} />
      ) : null}
      <p>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void show()}
        >
          Show their answers about their circumstances
        </button>
      </p>
    </>
  );
}

const staffWords: ContactDetailsWords = {
  whose: "The customer's",
  preferredLegend: "How would the customer like us to contact them about their plan?",
  own: false,
};

function ChangeContactDetails(props: {
  planId: string;
  customer: Person;
  version: string;
  onSaved: (people: StaffPlanPage["people"]) => void;
}) {
  const [state, setState] = useState<"closed" | "open" | "saved">("closed");
  if (state !== "open") {
    return (
      <>
        {state === "saved" ? (
          <SuccessBox>
            <p>The customer&apos;s contact details are saved.</p>
          </SuccessBox>
        ) : null}
        <p>
          <button type="button" className="button button--secondary" onClick={() => setState("open")}>
            Change the customer&apos;s contact details
          </button>
        </p>
      </>
    );
  }
  return (
    <ContactDetailsForm
      {...props}
      onSaved={(people) => {
        props.onSaved(people);
        setState("saved");
      }}
      onClose={() => setState("closed")}
    />
  );
}

function ContactDetailsForm({
  planId,
  customer,
  version,
  onSaved,
  onClose,
}: {
  planId: string;
  customer: Person;
  version: string;
  onSaved: (people: StaffPlanPage["people"]) => void;
  onClose: () => void;
}) {
  const { form, fieldNames } = useContactDetailsForm(customer, "staff-contact-details", staffWords);
  const failure = useFormFailure(form.form, fieldNames);

  async function save(contact: CustomerContactDetailsBody) {
    failure.clear();
    try {
      onSaved(await changeContactDetails(planId, version, contact));
    } catch (error) {
      failure.fail(error);
    }
  }

  return (
    <div className={styles.form}>
      <h3>Change the customer&apos;s contact details</h3>
      <p>Their phone number, address and how they would like us to contact them. Each change is recorded.</p>
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={save}
        submitLabel="Save contact details"
        busyLabel="Saving the contact details…"
        before={failure.box("We could not save the contact details")}
        after={
          <p>
            <button type="button" className="link-button" onClick={onClose}>
              Keep their details as they are
            </button>
          </p>
        }
      >
        <ContactDetailsFields form={form} words={staffWords} />
      </FormShell>
    </div>
  );
}

function Choices({ plan }: { plan: StaffPlanPage }) {
  const { price, sections } = plan.plan;
  return (
    <Section title="Choices and guaranteed price" id="plan-choices">
      {sections.length > 0 ? (
        <Facts
          rows={sections.map(
            (section) =>
              [
                section.title,
                `${section.answer} (${formatPrice(section.price)}${section.guaranteed ? ", guaranteed" : ", not guaranteed"})`,
              ] as const,
          )}
        />
      ) : (
        <p>No choices made yet.</p>
      )}
      <Facts
        rows={[
          ["Guaranteed funeral (basic)", formatPrice(price.basic)],
          ["Additional choices", formatPrice(price.additional)],
          ["Third-party contributions", formatPrice(price.contributions)],
          ["Total", <strong key="total">{formatPrice(price.total)}</strong>],
        ]}
      />
    </Section>
  );
}

function Documents({ plan }: { plan: StaffPlanPage }) {
  return (
    <Section title="Documents accepted" id="plan-documents">
      {plan.documentsAccepted.length > 0 ? (
        <ul>
          {plan.documentsAccepted.map((document) => (
            <li key={`${document.docReference}-${document.version}`}>
              {document.docReference} version {document.version}, accepted {formatMoment(document.acceptedAt)}
            </li>
          ))}
        </ul>
      ) : (
        <p>None accepted yet.</p>
      )}
    </Section>
  );
}

function Payments({ plan }: { plan: StaffPlanPage }) {
  const { payments, collections } = plan.payments;
  return (
    <Section title="Payments and collections" id="plan-payments">
      {payments.length === 0 && collections.length === 0 ? <p>No payments yet.</p> : null}
      {payments.length > 0 ? (
        <ul>
          {payments.map((payment) => (
            <li key={payment.id}>
              Card payment of {formatPrice(payment.amount)} on {formatMoment(payment.createdAt)}:{" "}
              {payment.completed ? "paid" : payment.status.replaceAll("_", " ")}
              {payment.failureReason ? ` (${payment.failureReason})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {collections.length > 0 ? (
        <ol>
          {collections.map((collection) => (
            <li key={collection.number}>
              {formatLongDate(collection.date)}: {formatPrice(collection.amount)},{" "}
              {collectionStatusInWords(collection.status).toLowerCase()}
            </li>
          ))}
        </ol>
      ) : null}
    </Section>
  );
}

const resendable: readonly { what: StaffPlanResendBody["what"]; label: string; name: string }[] = [
  { what: "plan-confirmation", label: "Send the plan confirmation again", name: "the plan confirmation" },
  {
    what: "direct-debit-notice",
    label: "Send the Direct Debit notice again",
    name: "the Direct Debit notice",
  },
];

function Emails({ plan, mayResend }: { plan: StaffPlanPage; mayResend: boolean }) {
  const { account, planStatements, arrearsStatements, notRecorded } = plan.emailsSent;
  const [sent, setSent] = useState<string | null>(null);
  const customerEmail = plan.people.customer?.email;
  // The confirmation once the plan is bought; the Direct Debit notice once there is a Direct Debit.
  const offered = resendable.filter(({ what }) =>
    what === "plan-confirmation"
      ? plan.payments.whenTheTimeComes !== null
      : plan.payments.directDebit !== null,
  );

  const lines = [
    ...account.map((email) => `${email.kind.replaceAll("-", " ")}: ${formatMoment(email.sentAt)}`),
    ...planStatements.map(
      (statement) =>
        `Plan statement for ${formatLongDate(statement.anniversaryOn)}: queued ${formatMoment(statement.queuedAt)}`,
    ),
    ...arrearsStatements.map(
      (statement) =>
        `Arrears statement (${statement.missedCount} missed, ${formatPrice(statement.owed)} by ${formatLongDate(statement.catchUpBy)}): ${formatMoment(statement.sentAt)}`,
    ),
  ];
  return (
    <Section title="Emails recorded" id="plan-emails">
      {lines.length > 0 ? (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>No emails recorded.</p>
      )}
      <p className={styles.hint}>{notRecorded}</p>
      <p role="status" className={sent ? "success-box" : "visually-hidden"}>
        {sent ?? ""}
      </p>
      {mayResend && offered.length > 0 ? (
        <div className={styles.actions}>
          {offered.map(({ what, label, name }) => (
            <ConfirmFirst
              key={what}
              label={label}
              busyLabel="Sending…"
              question={`${label}?`}
              explanation={`This sends ${name} again, written afresh from the plan as it is now, to ${customerEmail ?? "the customer's email address"}. It is sent once, however often the button is pressed.`}
              failureTitle={`${name[0]!.toUpperCase()}${name.slice(1)} was not sent again`}
              id={`resend-${what}`}
              onConfirm={async () => {
                setSent(null);
                await resendPlanEmail(plan.planId, what);
                setSent(`Done: ${name} was sent again.`);
              }}
            />
          ))}
        </div>
      ) : null}
    </Section>
  );
}

function Referral({ plan }: { plan: StaffPlanPage }) {
  const { code, applied } = plan.referral;
  return (
    <Section title="Referral" id="plan-referral">
      <Facts
        rows={[
          ["Their code to give friends", code ?? "None yet (made once the plan is bought)"],
          [
            "A friend's code used",
            applied ? `${applied.code}, on ${formatLongDate(applied.appliedAt)}` : "None",
          ],
        ]}
      />
    </Section>
  );
}

function Branch({ plan }: { plan: StaffPlanPage }) {
  const director = plan.payments.funeralDirector;
  return (
    <Section title="Funeral director" id="plan-branch">
      {director === null ? (
        <p>Appointed once the plan is bought.</p>
      ) : director.branch === null ? (
        <p>
          Appointed on {formatLongDate(director.appointedOn)}; we are choosing another branch (the first
          closed).
        </p>
      ) : (
        <Facts
          rows={[
            ["Branch", director.branch.name],
            ["Address", formatPostalAddress(director.branch.address)],
            ["Phone", director.branch.phone],
            ["Appointed", formatLongDate(director.appointedOn)],
          ]}
        />
      )}
    </Section>
  );
}

function AtNeedCase({ plan }: { plan: StaffPlanPage }) {
  const atNeed = plan.atNeedCase;
  if (atNeed === null) return null;
  return (
    <Section title="At-need case" id="plan-at-need">
      <Facts
        rows={[
          ["Status", atNeed.status.replaceAll("_", " ")],
          ["Told us", formatMoment(atNeed.toldUsAt)],
          ["Date of death", formatLongDate(atNeed.dateOfDeath)],
        ]}
      />
      <ul>
        {atNeed.events.map((event) => (
          <li key={`${event.at}-${event.kind}`}>
            {formatMoment(event.at)}: {event.kind.replaceAll("_", " ")}, by {event.by}
            {event.note ? `: ${event.note}` : ""}
          </li>
        ))}
      </ul>
    </Section>
  );
}

const timelineWords: Record<StaffPlanTimelineEntry["kind"], string> = {
  note: "Note",
  "plan-started": "Plan started",
  "documents-accepted": "Documents accepted",
  "payment-made": "Payment made",
  "direct-debit-set-up": "Direct Debit set up",
  bought: "Plan bought",
  cancelled: "Plan cancelled",
  "arrears-statement-sent": "Arrears statement sent",
  "arrears-outcome": "Missed payments outcome",
  "plan-statement-sent": "Plan statement sent",
  "account-email-sent": "Account email sent",
  "death-told": "Told of a death",
  "funeral-step": "Funeral step",
  "email-sent-again": "Email sent again",
  "contact-details-changed": "Contact details changed",
};

function Timeline({ plan, mayNote }: { plan: StaffPlanPage; mayNote: boolean }) {
  return (
    <Section title="Timeline" id="plan-timeline">
      {mayNote ? <NoteForm planId={plan.planId} /> : null}
      <ol className={styles.timeline} aria-label="Timeline, newest first">
        {plan.timeline.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <p className={styles.when}>
              {formatMoment(entry.at)}
              {entry.by ? `, ${entry.by}` : ""}
            </p>
            <p>
              <strong>{timelineWords[entry.kind]}</strong>
              {entry.kind !== "note" && entry.what !== "" && entry.what !== timelineWords[entry.kind]
                ? `: ${entry.what}`
                : ""}
            </p>
            {entry.text ? <p className={styles.noteText}>{entry.text}</p> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

function NoteForm({ planId }: { planId: string }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: staffPlanNoteBodySchema,
    idPrefix: "plan-note",
    labels: { text: "Add a note" },
    defaultValues: { text: "" },
  });
  const note = useFormField(form, "text");
  const failure = useFormFailure(form.form, ["text"]);

  async function save({ text: written }: { text: string }) {
    failure.clear();
    try {
      await addPlanNote(planId, written);
    } catch (error) {
      failure.fail(error);
      return;
    }
    form.form.reset();
    await queryClient.invalidateQueries({ queryKey: staffPlanQuery(planId).queryKey });
  }

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={save}
      submitLabel="Add the note"
      busyLabel="Adding the note…"
      before={failure.box("We could not add the note")}
    >
      <TextAreaField
        id={note.id}
        label="Add a note"
        hint="What was said or done, up to 2,000 characters. The customer sees your note, without your name, if they download their data."
        value={note.value}
        onChange={note.onChange}
        error={note.error?.[0]}
      />
    </FormShell>
  );
}
