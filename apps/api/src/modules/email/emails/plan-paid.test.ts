import { describe, expect, it } from "vitest";
import { planPaidSchema, renderPlanPaid } from "./plan-paid";

const email = {
  kind: "plan-paid" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  planReference: "KND-7Q3M-2XK9",
  paymentOption: "full" as const,
  amount: 395_000,
  moratoriumMonths: 24,
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
      expect(part).toContain("Your plan reference is KND-7Q3M-2XK9.");
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

  it("says, for a plan paid in full, that the funeral is provided whenever the person covered dies", () => {
    const content = renderPlanPaid(email);

    expect(content.text).toContain(
      "What happens when the person covered dies:\n\n- Paid in full, the funeral is provided as planned whenever the person covered dies, and nobody is asked to pay anything more for what the plan includes.\n\n",
    );
    expect(content.html).toContain(
      '<li style="margin:0 0 8px">Paid in full, the funeral is provided as planned whenever the person covered dies, and nobody is asked to pay anything more for what the plan includes.</li>',
    );
    expect(content.text).not.toContain("first 24 months");
  });

  it("says, for a deposit and 60 months of instalments, what happens inside and after the first 24 months", () => {
    const content = renderPlanPaid({ ...email, paymentOption: "deposit", amount: 25_000, months: 60 });

    expect(content.text).toContain(
      [
        "What happens when the person covered dies:",
        "",
        "- Once the plan is paid in full, the funeral is provided as planned whenever the person covered dies, with nothing more to pay.",
        "- If the person covered dies 24 months or more after the plan starts, the funeral is provided as planned and nothing more is paid, even though up to 36 months of payments would still be due.",
        "- If the person covered dies in an accident in the first 24 months, the funeral is provided as planned and nothing more is paid.",
        "- If the person covered dies from any other cause in the first 24 months, before the plan is paid in full, their family chooses: pay what is left of the plan's price (without the charge for paying by instalments) and the funeral goes ahead as planned, or have everything paid refunded in full, with no fee.",
      ].join("\n"),
    );
    expect(content.html).toContain("of the plan&#39;s price (without the charge for paying by instalments)");
    expect(content.text).not.toContain("Paid in full, the funeral is provided");
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderPlanPaid({ ...email, firstName: "Jane & <Joe>" });

    expect(typed.text).toContain("Dear Jane & <Joe>,");
    expect(typed.html).toContain("Dear Jane &amp; &lt;Joe&gt;,");
  });
});

describe("a plan-paid email queued before the emails said what happens at a death", () => {
  it("is still sent, without that part", () => {
    const { moratoriumMonths: _left, ...queuedBefore } = email;
    const content = renderPlanPaid(planPaidSchema.parse(queuedBefore));

    expect(content.text).toContain("Your plan reference is KND-7Q3M-2XK9.");
    expect(content.text).not.toContain("What happens when the person covered dies");
  });
});
