import { firmDetails, supportPhone } from "@kindred/domain";
import { describe, expect, it } from "vitest";
import { compose, escapeHtml, formatLongDate, formatUkDateTime } from "./layout";

describe("the layout every email shares", () => {
  const content = compose("Your <plan> & you", "Zoë", [
    { paragraph: "A first paragraph." },
    { link: { label: "Open it", url: "https://kindred.test/a?b=1&c=2" } },
  ]);

  it("greets by name, then the email's blocks, the closing with our phone number and the sign-off, in plain text", () => {
    expect(content.text).toBe(
      [
        "Dear Zoë,",
        "A first paragraph.",
        "Open it:\nhttps://kindred.test/a?b=1&c=2",
        `If you have any questions, call us on ${supportPhone.display}. We are glad to help.`,
        "With kind regards,\nThe Kindred Funeral Plans team",
        [
          "--",
          `Kindred Funeral Plans is a trading name of Kindred Funeral Plans Limited, authorised and regulated by the Financial Conduct Authority. Our firm reference number is ${firmDetails.firmReferenceNumber}. Check us on the FCA's Financial Services Register: https://register.fca.org.uk/s/search?q=${firmDetails.firmReferenceNumber}&type=Companies`,
          `Registered in England and Wales, company number ${firmDetails.companyNumber}. Registered office: ${firmDetails.registeredOffice}.\n`,
        ].join("\n"),
      ].join("\n\n"),
    );
  });

  it("says who we are under every email in HTML too, the register linked (issue 23 item 6)", () => {
    expect(content.html).toContain(
      `Our firm reference number is ${firmDetails.firmReferenceNumber}. <a href="https://register.fca.org.uk/s/search?q=${firmDetails.firmReferenceNumber}&amp;type=Companies"`,
    );
    expect(content.html).toContain(`company number ${firmDetails.companyNumber}. Registered office:`);
  });

  it("says the same in a British English HTML document, a link as a button with its address written out too", () => {
    expect(content.html).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
    expect(content.html).toContain("<title>Your &lt;plan&gt; &amp; you</title>");
    expect(content.html).toContain(">Dear Zoë,</p>");
    expect(content.html).toContain(">A first paragraph.</p>");
    expect(content.html).toContain('<a href="https://kindred.test/a?b=1&amp;c=2"');
    expect(content.html).toContain(">Open it</a>");
    expect(content.html).toContain(
      "copy this address into your browser:<br>https://kindred.test/a?b=1&amp;c=2</p>",
    );
    expect(content.html).toContain(`call us on ${supportPhone.display}. We are glad to help.`);
    expect(content.html).toContain("With kind regards,<br>The Kindred Funeral Plans team</p>");
  });

  it("writes a list as lines starting with a dash in text, and as a list in HTML, each item escaped", () => {
    const listed = compose("A list", "Zoë", [{ paragraph: "Before:" }, { list: ["One & two.", "<Three>."] }]);

    expect(listed.text).toContain("Before:\n\n- One & two.\n- <Three>.\n\n");
    expect(listed.html).toMatch(
      /<ul style="[^"]+">\n<li style="[^"]+">One &amp; two\.<\/li>\n<li style="[^"]+">&lt;Three&gt;\.<\/li>\n<\/ul>/,
    );
  });

  it("keeps the subject as it is", () => {
    expect(content.subject).toBe("Your <plan> & you");
  });

  it("escapes in HTML whatever a person typed, and leaves the text part as they typed it", () => {
    const typed = `Ann <script>alert("x")</script> O'Brien & Co`;
    const written = compose("Subject", typed, [{ paragraph: typed }]);

    expect(written.text).toContain(`Dear ${typed},`);
    expect(written.text).toContain(`\n\n${typed}\n\n`);
    expect(written.html).not.toContain("<script>");
    expect(written.html).toContain(
      "Dear Ann &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Co,",
    );
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters HTML gives meaning to, ampersands first", () => {
    expect(escapeHtml(`<a href="x">&amp;'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;amp;&#39;&lt;/a&gt;");
  });
});

describe("dates in emails", () => {
  it("writes an ISO date the British way, whatever the server's time zone", () => {
    expect(formatLongDate("2027-01-05")).toBe("5 January 2027");
    expect(formatLongDate("2026-12-31")).toBe("31 December 2026");
  });

  it("writes a moment as the clocks in the UK showed it, in summer time and out of it", () => {
    expect(formatUkDateTime(new Date("2026-07-01T13:05:00Z"))).toBe("1 July 2026 at 14:05");
    expect(formatUkDateTime(new Date("2026-12-01T13:05:00Z"))).toBe("1 December 2026 at 13:05");
  });
});
