import { describe, expect, it } from "vitest";
import { renderPlanPaid } from "./plan-paid";

const email = {
  kind: "plan-paid" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  planReference: "KFP-7Q3M-2XK9",
  paymentOption: "full" as const,
  amount: 395_000,
  attachments: [{ filename: "plan-summary.pdf", contentType: "application/pdf", contentBase64: "JVBERi0=" }],
};

describe("the email when a plan is paid for", () => {
  it("confirms, by name, a payment in full in pounds, with the plan's reference", () => {
    const content = renderPlanPaid(email);

    expect(content.subject).toBe("Your funeral plan is confirmed");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Dear Jane,");
      expect(part).toContain(
        "We have received your payment of £3,950, and your funeral plan is paid for in full.",
      );
      expect(part).toContain("Your plan reference is KFP-7Q3M-2XK9.");
      expect(part).toContain("Your plan summary and plan details are attached to this email.");
    }
  });

  it("confirms a deposit in pounds and pence, the rest to come by Direct Debit", () => {
    const content = renderPlanPaid({ ...email, paymentOption: "deposit", amount: 12_345 });

    for (const part of [content.text, content.html]) {
      expect(part).toContain(
        "We have received your deposit of £123.45, and your funeral plan is now in place.",
      );
      expect(part).toContain("The rest is collected monthly by Direct Debit");
      expect(part).not.toContain("paid for in full");
    }
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderPlanPaid({ ...email, firstName: "Jane & <Joe>" });

    expect(typed.text).toContain("Dear Jane & <Joe>,");
    expect(typed.html).toContain("Dear Jane &amp; &lt;Joe&gt;,");
  });
});
