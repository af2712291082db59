import { describe, expect, it } from "vitest";
import { renderFreeGuide } from "./free-guide";

const planningLink = "https://kindred.test/plan?from=guide&utm=email";
const downloadLink = "https://kindred.test/api/guide/download?id=9&token=abc";
const email = {
  kind: "free-guide" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  name: "Jane Smith",
  contactPreferences: { email: true, phone: false, post: false },
  planningLink,
  downloadLink,
  attachments: [{ filename: "guide.pdf", contentType: "application/pdf", contentBase64: "JVBERi0=" }],
};

describe("the email with the free guide", () => {
  const content = renderFreeGuide(email);

  it("greets the person by the name they gave, as they gave it", () => {
    expect(content.subject).toBe("Your free guide to planning a funeral");
    expect(content.text).toContain("Dear Jane Smith,");
    expect(content.html).toContain("Dear Jane Smith,");
  });

  it("carries the download link and the link to start planning, in both parts", () => {
    expect(content.text).toContain(`Download the guide:\n${downloadLink}`);
    expect(content.text).toContain(`Start planning:\n${planningLink}`);
    expect(content.html).toContain(`href="${downloadLink.replace(/&/g, "&amp;")}"`);
    expect(content.html).toContain(`href="${planningLink.replace(/&/g, "&amp;")}"`);
  });

  it("repeats how they said we may contact them, in words", () => {
    const cases = [
      [{ email: true, phone: false, post: false }, "by email."],
      [{ email: true, phone: false, post: true }, "by email and post."],
      [{ email: true, phone: true, post: true }, "by email, phone and post."],
    ] as const;
    for (const [contactPreferences, words] of cases) {
      const written = renderFreeGuide({ ...email, contactPreferences });
      for (const part of [written.text, written.html]) {
        expect(part).toContain(`You told us you are happy to hear from us ${words}`);
      }
    }
  });

  it("promises nothing more is sent when they ticked nothing", () => {
    const written = renderFreeGuide({
      ...email,
      contactPreferences: { email: false, phone: false, post: false },
    });

    for (const part of [written.text, written.html]) {
      expect(part).toContain("this is the only email we will send you unless you ask us for something.");
      expect(part).not.toContain("happy to hear from us");
    }
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderFreeGuide({ ...email, name: `Jane "JJ" <Smith> & co` });

    expect(typed.text).toContain(`Dear Jane "JJ" <Smith> & co,`);
    expect(typed.html).toContain("Dear Jane &quot;JJ&quot; &lt;Smith&gt; &amp; co,");
  });
});
