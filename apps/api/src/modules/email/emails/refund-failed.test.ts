import { describe, expect, it } from "vitest";
import { supportPhone } from "@kindred/domain";
import { renderRefundFailed } from "./refund-failed";

describe("the email when a refund fails at the payment provider (issue 46 item 3)", () => {
  it("tells the person by name, in pounds, that the money is safe and what happens next", () => {
    const content = renderRefundFailed({
      kind: "refund-failed",
      to: { name: "Jane Smith", address: "jane@example.com" },
      firstName: "Jane",
      planReference: "KND-7Q3M-2XK9",
      amount: 54_650,
    });

    expect(content.subject).toBe("We could not make your refund yet");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Dear Jane,");
      expect(part).toContain(
        "We tried to refund £546.50 for funeral plan KND-7Q3M-2XK9 to the card or bank account it came from, but the bank could not accept it.",
      );
      expect(part).toContain("The money is safe with us.");
      expect(part).toContain("You do not need to do anything now.");
      expect(part).toContain(supportPhone);
    }
  });
});
