import type { AccountData, LegalDocumentBlock } from "@kindred/contracts";
import {
  accessibilitySupportLabels,
  arrearsOutcomeNames,
  formatLongDate,
  formatPrice,
  longUkDate,
  marketingChannelLabels,
  preferredContactLabels,
  type MarketingChannel,
  type AccessibilitySupport,
  type PreferredContactMethod,
  vulnerabilityKinds,
  vulnerabilityLabels,
  type VulnerabilityKind,
} from "@kindred/domain";

/**
 * Everything we hold about a customer (`accountData`) as a document a person can read: the same
 * facts as the JSON file, under plain headings, drawn by the plan documents' PDF machinery. The
 * Direct Debit shows the account's last four digits only; we hold no more of it.
 */

type Block = LegalDocumentBlock;
type PlanData = AccountData["plans"][number];

const heading = (text: string, level: 1 | 2 | 3 = 2): Block => ({ kind: "heading", level, text });
const paragraph = (text: string): Block => ({ kind: "paragraph", content: [{ text }] });
const facts = (rows: [string, string][]): Block => ({ kind: "table", header: [], rows });
/** A UK day, or the UK day of a moment, in words. */
const when = (isoDateOrTime: string | null) => (isoDateOrTime ? formatLongDate(isoDateOrTime) : "Not yet");
const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** "firstName" as "First name"; "paying_by_instalments" as "Paying by instalments". */
function label(key: string): string {
  const words = key
    .replace(/([A-Z])/g, " $1")
    .replace(/[-_]/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A legal document by its name: "plan-summary" as "Plan summary". */
export function documentName(docReference: string): string {
  return label(docReference);
}

/**
 * A person's details by the words the forms ask them in, where the field's own name is not
 * plain English (issue 50 item 5); the others ("First name") are.
 */
const detailNames: Record<string, string> = {
  email: "Email address",
  phone: "Phone number",
  titleText: "Title, in their words",
  isCoveredPersonAwareOfPlan: "Knows about the plan",
  relationshipWithCustomer: "Relationship to you",
  isSameAddressAsCustomer: "Same address as you",
  isSameBillingAddressAsCustomer: "Card billed at your address",
  billingAddress: "Address the card is billed to",
  preferredContactMethod: "How we contact you",
  receiveCopyInThePost: "A copy of the documents by post",
  agreesToAllDocumentationInEnglish: "Happy with documents in English",
  accessibilitySupportForDocumentation: "Documents in",
};

/** A person's details as rows of label and value, nested details as "Address: line 1", and so on. */
function rowsOf(value: unknown, prefix = ""): [string, string][] {
  if (value === null || value === undefined || value === "") return [];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => rowsOf(item, `${prefix} ${index + 1}`.trim()));
  }
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
      personDetail(prefix, key, item),
    );
  }
  if (typeof value === "boolean") return [[prefix, yesNo(value)]];
  return [[prefix, String(value)]];
}

/** One of a person's details in words: choices by their labels, the date of birth as a date. */
function personDetail(prefix: string, key: string, item: unknown): [string, string][] {
  const named = `${prefix}: ${detailNames[key] ?? label(key)}`;
  switch (key) {
    case "confirmEmail":
      return [];
    case "isCoveredPersonAwareOfPlan":
    case "isSameAddressAsCustomer":
    case "isSameBillingAddressAsCustomer":
      return item === "yes" || item === "no" ? [[named, item === "yes" ? "Yes" : "No"]] : [];
    case "address":
    case "billingAddress": {
      const { line1, line2, locality, county, postcode, country } = (item ?? {}) as Record<string, unknown>;
      const lines = [line1, line2, locality, county, postcode, country].filter(
        (line) => typeof line === "string" && line.trim() !== "",
      );
      return lines.length > 0 ? [[named, lines.join(", ")]] : [];
    }
    case "dateOfBirth": {
      const iso = (item as { iso8601?: string } | null)?.iso8601;
      return iso ? [[`${prefix}: Date of birth`, longUkDate(iso)]] : rowsOf(item, named);
    }
    case "contactMethods":
      // "By email", as the form asks it (the name the form sent may already say "By").
      return ((item ?? []) as { handle: MarketingChannel; name: string; checked: boolean }[]).map(
        (choice) => [
          `${prefix}: News and offers ${(marketingChannelLabels[choice.handle] ?? choice.name).toLowerCase()}`,
          yesNo(choice.checked),
        ],
      );
    case "preferredContactMethod":
      return [[named, preferredContactLabels[item as PreferredContactMethod] ?? String(item)]];
    case "accessibilitySupportForDocumentation":
      return [[named, accessibilitySupportLabels[item as AccessibilitySupport] ?? String(item)]];
    default:
      return rowsOf(item, named);
  }
}

function circumstances(vulnerabilities: unknown, consent: unknown): Block[] {
  const answers = (vulnerabilities ?? {}) as Partial<Record<VulnerabilityKind, boolean>> & { notes?: string };
  const ticked = vulnerabilityKinds.filter((kind) => answers[kind]).map((kind) => vulnerabilityLabels[kind]);
  const notes = answers.notes?.trim() ?? "";
  return [
    heading("Your answers about your circumstances", 3),
    paragraph(
      ticked.length === 0 && notes === ""
        ? "You have not told us anything about your circumstances."
        : `You told us: ${[...ticked, ...(notes ? [`"${notes}"`] : [])].join("; ")}. You agreed to our keeping this: ${yesNo(consent === true)}.`,
    ),
  ];
}

function planBlocks({
  plan,
  people,
  documentsAccepted,
  payments,
  referralCode,
  referralApplied,
  funeral,
  arrearsOutcomes,
  notes,
}: PlanData): Block[] {
  const { vulnerabilities, vulnerabilityConsent, ...customer }: Record<string, unknown> =
    people.customer ?? {};
  // Named as the account names it: by the person it covers (the customer, when it is for them).
  const covered = people.coveredPerson ?? people.customer;
  return [
    heading(covered ? `Plan for ${covered.firstName} ${covered.lastName}` : "A plan not yet finished"),
    facts([
      ["Plan reference", plan.reference],
      ["Started", when(plan.startedAt)],
      ["Last changed", when(plan.lastChangedAt)],
      ["Where it stands", label(payments.state)],
      ["Total price", formatPrice(plan.price.total)],
    ]),
    heading("What was chosen", 3),
    {
      kind: "table",
      header: ["", "Chosen", "Price"],
      rows: plan.choices.map((row) => [row.choice, row.answer, formatPrice(row.price)]),
    },
    heading("The people in the plan", 3),
    facts([
      ...rowsOf(customer, "You"),
      ...rowsOf(people.coveredPerson, "Person covered"),
      ...rowsOf(people.nominee, "Nominated representative"),
      ...rowsOf(people.payer, "Person paying"),
    ]),
    ...(people.customer ? circumstances(vulnerabilities, vulnerabilityConsent) : []),
    heading("Documents you accepted", 3),
    documentsAccepted.length === 0
      ? paragraph("None yet.")
      : {
          kind: "table",
          header: ["Document", "Accepted on"],
          rows: documentsAccepted.map((row) => [row.document, when(row.acceptedAt)]),
        },
    heading("Payments", 3),
    payments.payments.length === 0
      ? paragraph("No card payments.")
      : {
          kind: "table",
          header: ["Payment", "Amount", "Status"],
          rows: payments.payments.map((payment) => [
            label(payment.paymentOption),
            formatPrice(payment.amount),
            label(payment.status),
          ]),
        },
    ...(payments.directDebit
      ? [
          heading("Direct Debit", 3),
          facts([
            ["Account holder", payments.directDebit.accountHolderName],
            ["Sort code", payments.directDebit.sortCode],
            ["Account number ending", payments.directDebit.accountNumberEnding],
            ["Reference", payments.directDebit.reference],
            ["Set up on", when(payments.directDebit.createdAt)],
          ]),
        ]
      : []),
    ...(payments.collections.length > 0
      ? [
          heading("Monthly payments", 3),
          {
            kind: "table" as const,
            header: ["Number", "Date", "Amount", "Status"],
            rows: payments.collections.map((collection) => [
              String(collection.number),
              when(collection.date),
              formatPrice(collection.amount),
              label(collection.status),
            ]),
          },
        ]
      : []),
    ...(payments.refunded > 0 || payments.refundOwed > 0
      ? [
          heading("Refunds", 3),
          facts([
            ["Refunded", formatPrice(payments.refunded)],
            ["Being refunded", formatPrice(payments.refundOwed)],
          ]),
        ]
      : []),
    ...(arrearsOutcomes.length > 0
      ? [
          heading("After missed payments", 3),
          {
            kind: "table" as const,
            header: ["Statement sent", "What happened", "Recorded on", "Note"],
            rows: arrearsOutcomes.map((row) => [
              when(row.statementSentAt),
              arrearsOutcomeNames[row.outcome],
              when(row.recordedAt),
              row.note ?? "",
            ]),
          },
        ]
      : []),
    ...(notes.length > 0
      ? [
          heading("Notes our team wrote", 3),
          {
            kind: "table" as const,
            header: ["Written on", "Note"],
            rows: notes.map((note) => [when(note.writtenAt), note.text]),
          },
        ]
      : []),
    heading("Referrals and the funeral", 3),
    facts([
      ["Your referral code", referralCode ?? "None"],
      ["A friend's code applied", referralApplied ? referralApplied.code : "None"],
      ["Cancelled", payments.cancelledAt ? when(payments.cancelledAt) : "No"],
      ["Funeral", funeral ? `We were told on ${when(funeral.toldUsAt)}: ${funeral.status}` : "Not requested"],
    ]),
  ];
}

export function accountDataDocument(data: AccountData): { title: string; blocks: Block[] } {
  const { account } = data;
  return {
    title: "Your data",
    blocks: [
      heading("Your data", 1),
      paragraph(
        `Everything Kindred holds about you, as it stood on ${when(data.madeAt)}. The same is in the JSON file you can download from your account.`,
      ),
      heading("Your account"),
      facts([
        ["Name", [account.firstName, account.lastName].filter(Boolean).join(" ")],
        ["Email address", account.email],
        ["Email address confirmed", when(account.emailConfirmedAt)],
        ["Account made", when(account.createdAt)],
        ["Last signed in", when(account.lastSignedInAt)],
      ]),
      ...(data.plans.length === 0 ? [heading("Your plans"), paragraph("You have no plans with us.")] : []),
      ...data.plans.flatMap(planBlocks),
      heading("News and offers"),
      paragraph(
        data.onDoNotContactList
          ? "Your email address is on our do-not-contact list: we never send you news or offers."
          : "Your choices about news and offers are shown with each plan and free guide request.",
      ),
      heading("Emails we sent you"),
      paragraph(
        "We delete each email from our systems within minutes of sending it, so we keep no copy. We note what each was about and when we sent it:",
      ),
      data.emailsSent.length === 0
        ? paragraph("None.")
        : {
            kind: "table",
            header: ["Email", "Sent on"],
            rows: data.emailsSent.map((row) => [row.about, when(row.sentAt)]),
          },
      heading("Free guide requests"),
      data.freeGuideRequests.length === 0
        ? paragraph("None.")
        : {
            kind: "table",
            header: ["Asked on", "Name", "Email", "Phone", "Postcode", "Contact by"],
            rows: data.freeGuideRequests.map((row) => [
              when(row.requestedAt),
              row.name,
              row.email,
              row.phone ?? "",
              row.postcode ?? "",
              [
                row.contactByEmail ? "email" : null,
                row.contactByPhone ? "phone" : null,
                row.contactByPost ? "post" : null,
              ]
                .filter(Boolean)
                .join(", ") || "none",
            ]),
          },
    ],
  };
}
