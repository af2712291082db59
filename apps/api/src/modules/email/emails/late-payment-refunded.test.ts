import { describe, expect, it } from "vitest";
import { renderLatePaymentRefunded } from "./late-payment-refunded";

const email = {
  kind: "late-payment-refunded" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  planReference: "KND-7Q3M-2XK9",
  amount: 100_000,
  planCancelled: true,
};

describe("the email when a payment that came too late is refunded", () => {
  it("tells the person, by name, that a payment after the cancellation is refunded whole, in pounds", () => {
    const content = renderLatePaymentRefunded(email);

    expect(content.subject).toBe("We are refunding a payment you made");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Dear Jane,");
      expect(part).toContain(
        "A payment of £1,000 for funeral plan KND-7Q3M-2XK9 reached us after the plan was cancelled.",
      );
      expect(part).toContain(
        "We are refunding the whole £1,000 to the card or bank account it came from within 30 days.",
      );
      expect(part).toContain("There is nothing you need to do.");
    }
  });

  it("says so when that part of the plan was already paid (a declined payment finished late), and that the plan stands", () => {
    const content = renderLatePaymentRefunded({ ...email, planCancelled: false, alreadyPaid: true });

    for (const part of [content.text, content.html]) {
      expect(part).toContain(
        "A payment of £1,000 for funeral plan KND-7Q3M-2XK9 reached us after that part of the plan had already been paid.",
      );
      expect(part).toContain("Your plan stays as it was, and nothing else has been taken.");
    }
  });

  it("says so when it came after they chose another way to pay, and that their choice stands", () => {
    const content = renderLatePaymentRefunded({ ...email, planCancelled: false, amount: 12_345 });

    for (const part of [content.text, content.html]) {
      expect(part).toContain(
        "A payment of £123.45 for funeral plan KND-7Q3M-2XK9 reached us after you chose another way to pay for it.",
      );
      expect(part).toContain("How you chose to pay is unchanged, and nothing else has been taken.");
    }
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderLatePaymentRefunded({ ...email, firstName: "A&B" });

    expect(typed.text).toContain("Dear A&B,");
    expect(typed.html).toContain("Dear A&amp;B,");
  });
});
