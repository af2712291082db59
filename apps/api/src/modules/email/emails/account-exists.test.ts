import { describe, expect, it } from "vitest";
import { renderAccountExists } from "./account-exists";

const signInLink = "https://kindred.test/account/sign-in";
const resetLink = "https://kindred.test/account/forgot-password?email=jane%40example.com&from=register";
const email = {
  kind: "account-exists" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  signInLink,
  resetLink,
};

describe("the email to someone who registers with an address that has an account", () => {
  const content = renderAccountExists(email);

  it("tells the owner, by name, that no second account was made", () => {
    expect(content.subject).toBe("You already have an account with us");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Dear Jane,");
      expect(part).toContain("You already have an account with us, so we have not made another one.");
      expect(part).toContain("Nothing about your account has changed.");
    }
  });

  it("carries the sign-in link, then the reset link, in both parts", () => {
    expect(content.text).toContain(`Sign in:\n${signInLink}`);
    expect(content.text).toContain(`Reset your password:\n${resetLink}`);
    expect(content.text.indexOf(signInLink)).toBeLessThan(content.text.indexOf(resetLink));
    expect(content.html).toContain(`href="${signInLink}"`);
    expect(content.html).toContain(`href="${resetLink.replace(/&/g, "&amp;")}"`);
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderAccountExists({ ...email, firstName: `"Jo" <Jo>` });

    expect(typed.text).toContain(`Dear "Jo" <Jo>,`);
    expect(typed.html).toContain("Dear &quot;Jo&quot; &lt;Jo&gt;,");
  });
});
