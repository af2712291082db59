import { describe, expect, it } from "vitest";
import { renderDeathNotificationReceived } from "./death-notification-received";

describe("the email to whoever told us of a death", () => {
  it("thanks them, gives the reference, says we will call and gives the line answered day and night, and nothing of any plan", () => {
    const { subject, text } = renderDeathNotificationReceived({
      kind: "death-notification-received",
      to: { name: "Alex Hughes", address: "alex@example.com" },
      reference: "9a1f0c2e-6b3d-4e8f-a1c2-3d4e5f6a7b8c",
    });

    expect(subject).toBe("We have your message telling us of a death");
    expect(text).toContain("Thank you for telling us that someone has died.");
    expect(text).toContain("Someone from our team will call you on the number you gave us");
    expect(text).toContain("Your reference is 9a1f0c2e-6b3d-4e8f-a1c2-3d4e5f6a7b8c");
    expect(text).toContain(
      "call us on 0808 157 0911. The line is answered 24 hours a day, every day of the year.",
    );
    // Nothing about a plan (the firm's name, Kindred Funeral Plans, aside).
    expect(text).not.toMatch(/\bplan\b/i);
  });

  it("carries nothing typed on the form: the address given may be anyone's (issue 45 item 2)", () => {
    const { subject, text, html } = renderDeathNotificationReceived({
      kind: "death-notification-received",
      to: { name: "Visit evil", address: "someone@example.com" },
      reference: "9a1f0c2e-6b3d-4e8f-a1c2-3d4e5f6a7b8c",
    });
    expect(text.startsWith("Hello,\n")).toBe(true);
    expect(`${subject}${text}${html}`).not.toContain("evil");
  });
});
