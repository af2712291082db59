import { describe, expect, it } from "vitest";
import { renderPlanCancelled } from "./plan-cancelled";

const email = {
  kind: "plan-cancelled" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  planReference: "KND-7Q3M-2XK9",
  refund: 123_456,
};

describe("the email when a plan is cancelled", () => {
  it("tells the person, by name, which plan was cancelled and the refund in pounds and pence", () => {
    const content = renderPlanCancelled(email);

    expect(content.subject).toBe("Your funeral plan has been cancelled");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Dear Jane,");
      expect(part).toContain("we have cancelled funeral plan KND-7Q3M-2XK9. There is no fee for cancelling.");
      expect(part).toContain(
        "We will refund everything you have paid, £1,234.56, to the card or bank account it came from within 30 days.",
      );
      expect(part).toContain("Any Direct Debit for the plan has been cancelled");
    }
  });

  it("says we cancelled it after the missed payments, not that they asked, when we cancelled it", () => {
    const content = renderPlanCancelled({ ...email, cancelledBy: "us" });

    for (const part of [content.text, content.html]) {
      expect(part).toContain(
        "We have cancelled funeral plan KND-7Q3M-2XK9, after the missed payments we wrote to you about.",
      );
      expect(part).not.toContain("As you asked");
      expect(part).not.toContain("cancelled by mistake");
      expect(part).toContain("£1,234.56");
    }
    expect(renderPlanCancelled(email).text).toContain("As you asked, we have cancelled funeral plan");
  });

  it("says there is nothing to refund when nothing was paid", () => {
    const content = renderPlanCancelled({ ...email, refund: 0 });

    for (const part of [content.text, content.html]) {
      expect(part).toContain("Nothing had been paid for this plan, so there is nothing to refund.");
      expect(part).not.toContain("£");
    }
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderPlanCancelled({ ...email, firstName: "<Jane>" });

    expect(typed.text).toContain("Dear <Jane>,");
    expect(typed.html).toContain("Dear &lt;Jane&gt;,");
  });
});
