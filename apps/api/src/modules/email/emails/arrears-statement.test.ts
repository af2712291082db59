import { describe, expect, it } from "vitest";
import { renderArrearsStatement } from "./arrears-statement";

const email = {
  kind: "arrears-statement" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  planReference: "KND-7Q3M-2XK9",
  missed: [
    { date: "2027-02-05", amount: 4_950 },
    { date: "2027-03-05", amount: 4_950 },
  ],
  catchUpBy: "2027-03-19",
};

describe("the statement after two missed payments", () => {
  const content = renderArrearsStatement(email);

  it("tells the person, by name, each missed payment and the total owed, in pounds and British dates", () => {
    expect(content.subject).toBe("Two payments for your funeral plan have been missed");
    for (const part of [content.text, content.html]) {
      expect(part).toContain("Dear Jane,");
      expect(part).toContain(
        "We have not been able to collect 2 monthly payments for funeral plan KND-7Q3M-2XK9: £49.50 due on 5 February 2027, and £49.50 due on 5 March 2027. In all, £99 is owed.",
      );
    }
  });

  it("gives the date to catch up by, 10 working days on, with no fee, and the ways through if money is tight", () => {
    for (const part of [content.text, content.html]) {
      expect(part).toContain(
        "Please pay what is owed by 19 March 2027, 10 working days from this email, with no fee.",
      );
      expect(part).toContain("If money is tight, please call us.");
      expect(part).toContain("Your plan stays in place while we talk.");
    }
  });

  it("escapes in the HTML a name as the person typed it", () => {
    const typed = renderArrearsStatement({ ...email, firstName: "Jane <Doe>" });

    expect(typed.text).toContain("Dear Jane <Doe>,");
    expect(typed.html).toContain("Dear Jane &lt;Doe&gt;,");
  });
});
