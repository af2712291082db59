import { describe, expect, it } from "vitest";
import { renderDeathNotificationReceived } from "./death-notification-received";

describe("the email to whoever told us of a death", () => {
  it("thanks them, gives the reference, says we will call and gives the line answered day and night, and nothing of any plan", () => {
    const { subject, text } = renderDeathNotificationReceived({
      kind: "death-notification-received",
      to: { name: "Alex Hughes", address: "alex@example.com" },
      firstName: "Alex",
      personName: "Margaret Hughes",
      reference: "9a1f0c2e-6b3d-4e8f-a1c2-3d4e5f6a7b8c",
      phone: "07700 900 982",
    });

    expect(subject).toBe("We have your message about Margaret Hughes");
    expect(text).toContain("Thank you for letting us know that Margaret Hughes has died.");
    expect(text).toContain("Someone from our team will call you on 07700 900 982");
    expect(text).toContain("Your reference is 9a1f0c2e-6b3d-4e8f-a1c2-3d4e5f6a7b8c");
    expect(text).toContain(
      "call us on 0808 157 0911. The line is answered 24 hours a day, every day of the year.",
    );
    // Nothing about a plan (the firm's name, Kindred Funeral Plans, aside).
    expect(text).not.toMatch(/\bplan\b/i);
  });
});
