import { describe, expect, it } from "vitest";
import { renderSignInLink } from "./sign-in-link";

const link = "https://kindred.test/account/sign-in-link?id=7&token=abc";
const email = {
  kind: "sign-in-link" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  link,
  resetLink: "https://kindred.test/forgotten-password",
};

describe("the email with a link to sign in while sign-ins are slowed", () => {
  const content = renderSignInLink(email);

  it("greets the person by name and says why it came", () => {
    expect(content.subject).toBe("A link to sign in to your account");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Dear Jane,");
      expect(part).toContain("Someone has been trying to sign in to your Kindred Funeral Plans account");
      expect(part).toContain("Your account is safe");
    }
  });

  it("carries the link, written out in the text and escaped in the HTML", () => {
    expect(content.text).toContain(`Sign in to your account:\n${link}`);
    expect(content.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    expect(content.html).toContain(">Sign in to your account</a>");
  });

  it("says the link works once for an hour, and offers a new password", () => {
    for (const part of [content.text, content.html]) {
      expect(part).toContain("The link works once, for the next hour.");
      expect(part).toContain("Choose a new password");
    }
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderSignInLink({ ...email, firstName: "Ann & <i>Bob</i>" });

    expect(typed.text).toContain("Dear Ann & <i>Bob</i>,");
    expect(typed.html).toContain("Dear Ann &amp; &lt;i&gt;Bob&lt;/i&gt;,");
  });
});
