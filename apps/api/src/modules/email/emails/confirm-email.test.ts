import { describe, expect, it } from "vitest";
import { renderConfirmEmail } from "./confirm-email";

const link = "https://kindred.test/account/confirm-email?id=42&token=abc&signature=def";
const email = {
  kind: "confirm-email" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  link,
};

describe("the email that confirms an address", () => {
  const content = renderConfirmEmail(email);

  it("asks the person, by name, to confirm their address", () => {
    expect(content.subject).toBe("Please confirm your email address");
    expect(content.text).toContain("Dear Jane,");
    expect(content.html).toContain("Dear Jane,");
  });

  it("carries the link, written out in the text and escaped in the HTML, and says how long it works", () => {
    expect(content.text).toContain(`Confirm my email address:\n${link}`);
    expect(content.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    expect(content.html).toContain(">Confirm my email address</a>");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("The link works once, for the next 48 hours.");
      expect(part).toContain("If you did not create this account, you do not need to do anything");
    }
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderConfirmEmail({ ...email, firstName: "Zoë <b>" });

    expect(typed.text).toContain("Dear Zoë <b>,");
    expect(typed.html).toContain("Dear Zoë &lt;b&gt;,");
    expect(typed.html).not.toContain("<b>");
  });
});
