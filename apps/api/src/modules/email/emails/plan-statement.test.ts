import { describe, expect, it } from "vitest";
import { renderPlanStatement } from "./plan-statement";

const email = {
  kind: "plan-statement" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  planReference: "KND-7Q3M-2XK9",
  anniversaryOn: "2027-01-05",
  years: 1,
  attachments: [],
};

describe("the anniversary plan statement email", () => {
  it("says how old the plan is on its anniversary, that the statement is attached, what it holds and to check the plan still meets their needs", () => {
    const content = renderPlanStatement(email);

    expect(content.subject).toBe("Your funeral plan statement");
    expect(content.text).toContain("Dear Jane,");
    expect(content.text).toContain(
      "On 5 January 2027 your funeral plan KND-7Q3M-2XK9 was one year old. Your plan statement is attached to this email.",
    );
    expect(content.text).toContain("- how much you have paid and how much is left to pay");
    expect(content.text).toContain("- what your plan provides, and your funeral director");
    expect(content.text).toContain("- how to change or cancel your plan");
    expect(content.text).toContain("- what happens when the person covered dies, and whom to call");
    expect(content.text).toContain("- how to complain, and how your money is protected");
    expect(content.text).toContain("Please read it and check that your plan still meets your needs.");
    expect(content.text).toContain("You can download an up-to-date statement at any time in your account.");
  });

  it("counts the years after the first", () => {
    const content = renderPlanStatement({ ...email, anniversaryOn: "2029-01-05", years: 3 });

    expect(content.text).toContain("On 5 January 2029 your funeral plan KND-7Q3M-2XK9 was 3 years old.");
    expect(content.html).toContain("3 years old");
  });
});
