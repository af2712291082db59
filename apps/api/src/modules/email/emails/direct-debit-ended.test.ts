import { supportPhone } from "@kindred/domain";
import { describe, expect, it } from "vitest";
import { renderDirectDebitEnded } from "./direct-debit-ended";

const email = {
  kind: "direct-debit-ended" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  planReference: "KND-7Q3M-2XK9",
  paidSoFar: 100_000,
  restByCard: 300_000,
  newDirectDebit: { depositStillOwed: 0, instalments: [33_337, 33_333, 33_333] },
  accountLink: "https://kindred.example/account?plan=KND-7Q3M-2XK9",
};

describe("the email when a plan's Direct Debit ends without our asking", () => {
  it("tells the person calmly that it ended, that what they paid is kept, and the two ways to carry on", () => {
    const content = renderDirectDebitEnded(email);

    expect(content.subject).toBe("The Direct Debit for your funeral plan has ended");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Dear Jane,");
      expect(part).toContain(
        "We have been told by your bank that the Direct Debit for your funeral plan KND-7Q3M-2XK9 has ended.",
      );
      expect(part).toContain("Nothing more will be collected from that account.");
      expect(part).toContain(
        "Your plan has not been cancelled. The £1,000 you have paid is kept safely towards it, and you do not need to start again.",
      );
      expect(part).toContain("pay the rest of your plan, £3,000, by card; or");
      expect(part).toContain(
        "set up a new Direct Debit for what is left: 3 monthly payments: £333.37, then 2 of £333.33.",
      );
      expect(part).toContain(
        `please call us on ${supportPhone.display}. We will help you find a way that suits you.`,
      );
    }
    expect(content.text).toContain("https://kindred.example/account?plan=KND-7Q3M-2XK9");
  });

  it("asks for a deposit never paid with the new Direct Debit, and says equal payments simply", () => {
    const content = renderDirectDebitEnded({
      ...email,
      paidSoFar: 0,
      restByCard: 0,
      newDirectDebit: { depositStillOwed: 25_000, instalments: [30_000, 30_000] },
    });

    expect(content.text).toContain("Your plan has not been cancelled, and you do not need to start again.");
    expect(content.text).not.toContain("by card; or");
    expect(content.text).toContain(
      "set up a new Direct Debit for what is left: 2 monthly payments of £300, with your deposit of £250 by card.",
    );
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderDirectDebitEnded({ ...email, firstName: "A&B" });

    expect(typed.text).toContain("Dear A&B,");
    expect(typed.html).toContain("Dear A&amp;B,");
  });
});
