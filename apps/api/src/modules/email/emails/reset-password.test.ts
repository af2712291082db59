import { describe, expect, it } from "vitest";
import { renderResetPassword } from "./reset-password";

const link = "https://kindred.test/account/reset-password?id=7&token=abc";
const email = {
  kind: "reset-password" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  link,
};

describe("the email with a password reset link", () => {
  const content = renderResetPassword(email);

  it("greets the person by name", () => {
    expect(content.subject).toBe("Reset your password");
    expect(content.text).toContain("Dear Jane,");
    expect(content.html).toContain("Dear Jane,");
  });

  it("carries the link, written out in the text and escaped in the HTML", () => {
    expect(content.text).toContain(`Choose a new password:\n${link}`);
    expect(content.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    expect(content.html).toContain(">Choose a new password</a>");
  });

  it("says the link works once for an hour, and that nothing changed if they did not ask", () => {
    for (const part of [content.text, content.html]) {
      expect(part).toContain("The link works once, for the next hour.");
      expect(part).toContain("If you did not ask to reset your password, you do not need to do anything.");
    }
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderResetPassword({ ...email, firstName: "Ann & <i>Bob</i>" });

    expect(typed.text).toContain("Dear Ann & <i>Bob</i>,");
    expect(typed.html).toContain("Dear Ann &amp; &lt;i&gt;Bob&lt;/i&gt;,");
  });
});
