import { supportPhone } from "@kindred/domain";
import { describe, expect, it } from "vitest";
import { renderPasswordChanged } from "./password-changed";

const email = {
  kind: "password-changed" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  changedAt: new Date("2026-07-01T13:05:00Z"),
};

describe("the email after a password is changed", () => {
  const content = renderPasswordChanged(email);

  it("tells the person, by name, when it changed, as the clocks in the UK showed it", () => {
    expect(content.subject).toBe("Your password has been changed");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Dear Jane,");
      // 14:05 in British Summer Time.
      expect(part).toContain("was changed on 1 July 2026 at 14:05 (UK time).");
    }
  });

  it("says to call us at once if it was not them", () => {
    for (const part of [content.text, content.html]) {
      expect(part).toContain(`please call us straight away on ${supportPhone.display}`);
      expect(part).toContain("we have signed you out on every device");
    }
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderPasswordChanged({ ...email, firstName: "O'Neil <3" });

    expect(typed.text).toContain("Dear O'Neil <3,");
    expect(typed.html).toContain("Dear O&#39;Neil &lt;3,");
  });
});
