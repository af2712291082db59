import { describe, expect, it } from "vitest";
import { emailSchema, renderEmail, type Email } from "./index";

const to = { name: "Jane Smith", address: "jane@example.com" };
const attachments = [{ filename: "a.pdf", contentType: "application/pdf", contentBase64: "JVBERi0=" }];

/** One of every email, as the code that queues it writes it. */
const everyEmail: Email[] = [
  { kind: "confirm-email", to, firstName: "Jane", link: "https://kindred.test/c?a=1&b=2" },
  { kind: "reset-password", to, firstName: "Jane", link: "https://kindred.test/r" },
  {
    kind: "sign-in-link",
    to,
    firstName: "Jane",
    link: "https://kindred.test/s?id=1&token=t",
    resetLink: "https://kindred.test/r",
  },
  {
    kind: "account-exists",
    to,
    firstName: "Jane",
    signInLink: "https://kindred.test/s",
    resetLink: "https://kindred.test/r",
  },
  { kind: "password-changed", to, firstName: "Jane", changedAt: new Date("2026-07-01T13:05:00Z") },
  {
    kind: "plan-paid",
    to,
    firstName: "Jane",
    planReference: "KFP-1",
    paymentOption: "full",
    amount: 395_000,
    moratoriumMonths: 24,
    attachments,
  },
  {
    kind: "direct-debit-notice",
    to,
    firstName: "Jane",
    notice: {
      planReference: "KFP-1",
      mandateReference: "KINDRED-1",
      accountHolderName: "Jane Smith",
      sortCode: "12-34-56",
      accountNumberEnding: "6789",
      instalments: [
        { date: "2027-01-05", amount: 12_345 },
        { date: "2027-02-05", amount: 4_950 },
      ],
    },
  },
  {
    kind: "direct-debit-ended",
    to,
    firstName: "Jane",
    planReference: "KFP-1",
    paidSoFar: 115_000,
    restByCard: 300_000,
    newDirectDebit: { depositStillOwed: 0, instalments: [33_337, 33_333, 33_333] },
    accountLink: "https://kindred.example/account?plan=KFP-1",
  },
  {
    kind: "plan-cancelled",
    to,
    firstName: "Jane",
    planReference: "KFP-1",
    refund: 10_000,
    cancelledBy: "customer",
  },
  {
    kind: "late-payment-refunded",
    to,
    firstName: "Jane",
    planReference: "KFP-1",
    amount: 10_000,
    planCancelled: true,
    alreadyPaid: false,
  },
  {
    kind: "refund-failed",
    to,
    firstName: "Jane",
    planReference: "KFP-1",
    amount: 10_000,
  },
  {
    kind: "free-guide",
    to,
    name: "Jane Smith",
    contactPreferences: { email: true, phone: true, post: false },
    planningLink: "https://kindred.test/p",
    downloadLink: "https://kindred.test/d",
    attachments,
  },
  {
    kind: "arrears-statement",
    to,
    firstName: "Jane",
    planReference: "KFP-1",
    missed: [
      { date: "2027-02-05", amount: 4_950 },
      { date: "2027-03-05", amount: 4_950 },
    ],
    catchUpBy: "2027-03-15",
  },
  {
    kind: "funeral-director-appointed",
    to: { name: "Ashworth & Daughters Funeral Directors", address: "islington@example.com" },
    greeting: "Jane Smith",
    branchName: "Ashworth & Daughters Funeral Directors",
    planReference: "KFP-1",
    coveredPersonName: "Margaret Hughes",
    kindOfFuneral: "Attended funeral, Cremation",
    appointedOn: "2027-01-05",
    attachments,
  },
  {
    kind: "funeral-director-letter",
    to,
    firstName: "Jane",
    planReference: "KFP-1",
    appointedOn: "2027-01-05",
    funeralDirector: {
      name: "Ashworth & Daughters Funeral Directors",
      address: {
        line1: "214 Upper Street",
        line2: "Islington",
        locality: "London",
        county: "",
        postcode: "N1 1RL",
      },
      phone: "020 7946 0112",
    },
  },
  {
    kind: "plan-statement",
    to,
    firstName: "Jane",
    planReference: "KFP-1",
    anniversaryOn: "2028-01-05",
    years: 1,
    attachments,
  },
  {
    kind: "death-notification-received",
    to,
    reference: "9a1f0c2e-6b3d-4e8f-a1c2-3d4e5f6a7b8c",
  },
  {
    kind: "death-reported",
    to,
    firstName: "Jane",
    personName: "Margaret Hughes",
    aboutTheReader: false,
    planReference: "KFP-1",
    dateOfDeath: "2026-12-01",
    notRightUrl: "https://kindred.example/notify-a-death/not-right?case=c&who=nominee&signature=s",
    confirmUrl: "https://kindred.example/notify-a-death/confirm?case=c&signature=t",
  },
  {
    kind: "death-notified",
    to,
    firstName: "Jane",
    personName: "Margaret Hughes",
    planReference: "KFP-1",
    dateOfDeath: "2027-01-05",
    toldBy: "David Hughes",
    funeralDirector: { name: "Ashworth & Daughters Funeral Directors", phone: "020 7946 0112" },
    atDeath: { funeral: "provided" },
  },
  {
    kind: "funeral-instruction",
    to: { name: "Ashworth & Daughters Funeral Directors", address: "islington@example.com" },
    greeting: "Jane Smith",
    planReference: "KFP-1",
    personName: "Margaret Hughes",
    dateOfDeath: "2027-01-05",
    whereNow: "In hospital: St Mary's, Paddington",
    accidental: "No",
    contacts: [
      {
        role: "Named on the plan to speak to",
        name: "David Hughes",
        phone: "07700 900 982",
        email: "d@example.com",
      },
    ],
    provided: true,
    attachments,
  },
  {
    kind: "staff-invitation",
    to,
    name: "Jane Smith",
    role: "agent",
    invitedBy: "Ada Administrator",
    link: "https://kindred.test/staff/invitation?token=abc",
  },
];

describe("every email", () => {
  it("is listed here once, so the checks below cover them all", () => {
    expect(new Set(everyEmail.map((email) => email.kind))).toEqual(
      new Set(emailSchema.options.map((option) => option.shape.kind.value)),
    );
    expect(everyEmail).toHaveLength(emailSchema.options.length);
  });

  it.each(everyEmail.map((email) => [email.kind, email] as const))(
    "%s reads back from the queue's JSON as it was written, and says the same",
    (_kind, email) => {
      // The queue keeps an email as JSON: a Date becomes its ISO string, which the schema turns back.
      const readBack = emailSchema.parse(JSON.parse(JSON.stringify(email)));

      expect(readBack).toEqual(email);
      expect(renderEmail(readBack)).toEqual(renderEmail(email));
    },
  );

  it("has a subject, a text part and an HTML part, each greeting the person (or, to an address nobody confirmed, no name)", () => {
    for (const email of everyEmail) {
      const content = renderEmail(email);
      const greeting = email.kind === "death-notification-received" ? "Hello" : "Dear Jane( Smith)?";
      expect(content.subject).not.toBe("");
      expect(content.text).toMatch(new RegExp(`^${greeting},\n\n`));
      expect(content.html).toMatch(/^<!doctype html>/);
      expect(content.html).toMatch(new RegExp(`>${greeting},</p>`));
    }
  });
});

describe("what the queue reads back", () => {
  it("is refused when it is not an email this code can write", () => {
    expect(() => emailSchema.parse({ kind: "no-such-email", to })).toThrow();
    expect(() =>
      emailSchema.parse({
        kind: "plan-cancelled",
        to,
        firstName: "Jane",
        planReference: "KFP-1",
        refund: 12.5,
      }),
    ).toThrow();
    expect(() =>
      emailSchema.parse({ kind: "password-changed", to, firstName: "Jane", changedAt: "not a date" }),
    ).toThrow();
  });
});
