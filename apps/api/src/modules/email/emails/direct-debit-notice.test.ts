import { describe, expect, it } from "vitest";
import { renderDirectDebitNotice, type DirectDebitNotice } from "./direct-debit-notice";

/** A first payment of £123.45 on 5 January 2027, then 11 of £49.50 a month apart. */
const instalments = [
  { date: "2027-01-05", amount: 12_345 },
  ...Array.from({ length: 11 }, (_, month) => ({
    date: `2027-${String(month + 2).padStart(2, "0")}-05`,
    amount: 4_950,
  })),
];
const notice: DirectDebitNotice = {
  planReference: "KND-7Q3M-2XK9",
  mandateReference: "KND-7Q3M-2XK9",
  accountHolderName: "Jane Smith",
  sortCode: "12-34-56",
  accountNumberEnding: "6789",
  instalments,
};
const email = {
  kind: "direct-debit-notice" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  notice,
};

describe("the Direct Debit's advance notice", () => {
  const content = renderDirectDebitNotice(email);

  it("greets the person by name and names the account the payments come from", () => {
    expect(content.subject).toBe("Your Direct Debit is set up: advance notice of your payments");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Dear Jane,");
      expect(part).toContain(
        "Your Direct Debit for funeral plan KND-7Q3M-2XK9 is set up, from the account of Jane Smith, sort code 12-34-56, account number ending 6789. It will show on your bank statement as KND-7Q3M-2XK9.",
      );
    }
  });

  it("gives the first payment, the monthly ones and the total, in pounds and British dates", () => {
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Your first payment of £123.45 will be taken on or just after 5 January 2027.");
      expect(part).toContain(
        "After that, 11 monthly payments of £49.50 will be taken on the same day each month, the last on or just after 5 December 2027. In all, £667.95 will be collected by Direct Debit.",
      );
      expect(part).toContain("The Direct Debit Guarantee protects you");
    }
  });

  it("says nothing of a deposit when none is owed", () => {
    expect(content.text).not.toContain("deposit");
    expect(content.html).not.toContain("Pay your deposit");
  });

  it("says how the deposit is paid when it was not paid when written, with the way to the account, never that it is unpaid (issue 50 item 6)", () => {
    const owed = renderDirectDebitNotice({
      ...email,
      notice: {
        ...notice,
        depositOwed: { amount: 25_000, accountLink: "https://kindred.example/account?plan=KND-7Q3M-2XK9" },
      },
    });

    for (const part of [owed.text, owed.html]) {
      expect(part).toContain(
        "The Direct Debit collects only the monthly payments. Your deposit of £250 is paid by card: if you have not finished paying it, you can pay it in your account.",
      );
      expect(part).toContain("https://kindred.example/account?plan=KND-7Q3M-2XK9");
      // Often written while the deposit is being paid: never that it is unpaid.
      expect(part).not.toContain("still to be paid");
    }
    expect(owed.text).toContain("Pay your deposit:\nhttps://kindred.example/account?plan=KND-7Q3M-2XK9");
    expect(owed.html).toContain('<a href="https://kindred.example/account?plan=KND-7Q3M-2XK9"');
    // Said straight after the Direct Debit itself, before the dates of the monthly payments.
    expect(owed.text.indexOf("Your deposit of £250")).toBeLessThan(owed.text.indexOf("Your first payment"));
  });

  it("says nothing of monthly payments when there is only one", () => {
    const single = renderDirectDebitNotice({
      ...email,
      notice: { ...notice, instalments: instalments.slice(0, 1) },
    });

    expect(single.text).toContain(
      "Your first payment of £123.45 will be taken on or just after 5 January 2027.",
    );
    expect(single.text).not.toContain("monthly payments");
  });

  it("escapes in the HTML the names a person typed", () => {
    const typed = renderDirectDebitNotice({
      ...email,
      firstName: "Jane <J>",
      notice: { ...notice, accountHolderName: "J & J <Smith>" },
    });

    expect(typed.text).toContain("Dear Jane <J>,");
    expect(typed.text).toContain("from the account of J & J <Smith>,");
    expect(typed.html).toContain("Dear Jane &lt;J&gt;,");
    expect(typed.html).toContain("from the account of J &amp; J &lt;Smith&gt;,");
  });
});
