import { describe, expect, it } from "vitest";
import { renderDeathNotified, type DeathNotifiedEmail } from "./death-notified";

const email: DeathNotifiedEmail = {
  kind: "death-notified",
  to: { name: "David Hughes", address: "david@example.com" },
  firstName: "David",
  personName: "Margaret Hughes",
  planReference: "KND-7Q3M-2XK9",
  dateOfDeath: "2027-01-05",
  toldBy: "Susan Hughes",
  funeralDirector: { name: "Ashworth & Daughters Funeral Directors", phone: "020 7946 0112" },
  atDeath: { funeral: "provided" },
};

describe("the email to the person named on a plan after a death", () => {
  it("says who told us, who will call, and that there is nothing more to pay, with the 24-hour line", () => {
    const { subject, text } = renderDeathNotified(email);

    expect(subject).toBe("Margaret Hughes's funeral plan: what happens next");
    expect(text).toContain("Susan Hughes has let us know that Margaret Hughes died on 5 January 2027.");
    expect(text).toContain(
      "Ashworth & Daughters Funeral Directors, the funeral director appointed under Margaret Hughes's plan, will call you to arrange the funeral. You can also call them on 020 7946 0112.",
    );
    expect(text).toContain("There is nothing more to pay.");
    expect(text).toContain("0808 157 0911");
    expect(text).not.toContain("refunded");
  });

  it("inside the first months: the balance for the funeral or a refund of everything paid, and an accident still covered", () => {
    const { text } = renderDeathNotified({
      ...email,
      toldBy: null,
      atDeath: {
        funeral: "ifTheBalanceIsPaid",
        balance: 412_345,
        refund: 25_000,
        moratoriumMonths: 24,
        accidentKnown: false,
      },
    });

    expect(text).toContain("Thank you for letting us know that Margaret Hughes died on 5 January 2027.");
    expect(text).toContain("died within the first 24 months of the plan");
    expect(text).toContain(
      "- Pay the rest of the plan's price, £4,123.45, and the funeral is provided as planned.",
    );
    expect(text).toContain("- Or have everything paid for the plan, £250, refunded");
    expect(text).toContain(
      "If the death was an accident, the funeral is provided as planned with nothing more to pay.",
    );
    expect(text).not.toContain("There is nothing more to pay.");
  });
});
