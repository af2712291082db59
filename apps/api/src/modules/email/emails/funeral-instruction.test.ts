import { describe, expect, it } from "vitest";
import { atNeedPhone, supportPhone } from "@kindred/domain";
import { funeralInstructionSchema, renderFuneralInstruction } from "./funeral-instruction";

const email = {
  kind: "funeral-instruction" as const,
  to: { name: "Ashworth & Daughters Funeral Directors", address: "islington@example.com" },
  greeting: "Helen Ashworth",
  planReference: "KND-7Q3M-2XK9",
  personName: "Margaret Hughes",
  dateOfDeath: "2027-01-05",
  whereNow: "In hospital: St Mary's, Paddington",
  accidental: "Not known",
  contacts: [
    {
      role: "Named on the plan to speak to",
      name: "David Hughes",
      phone: "07700 900 982",
      email: "d@example.com",
    },
  ],
  provided: false,
  attachments: [{ filename: "plan-details.pdf", contentType: "application/pdf", contentBase64: "JVBERi0=" }],
};

describe("the instruction to the appointed funeral director", () => {
  it("asks for the funeral under the plan, says where the person is and whom to call", () => {
    const { subject, text } = renderFuneralInstruction({ ...email, provided: true });

    expect(subject).toBe("Funeral instruction: Margaret Hughes, plan KND-7Q3M-2XK9");
    expect(text).toContain("Dear Helen Ashworth,");
    expect(text).toContain("died on 5 January 2027. Please arrange the funeral under the plan.");
    expect(text).toContain("- Where Margaret Hughes is now: In hospital: St Mary's, Paddington");
    expect(text).toContain("- Named on the plan to speak to: David Hughes, 07700 900 982, d@example.com");
    expect(text).toContain("nothing more is to be paid by the family");
    // The 24-hour line, never the plan line's weekday number.
    expect(text).toContain(
      `call us on ${atNeedPhone.display}. The line is answered 24 hours a day, every day of the year.`,
    );
    expect(text).not.toContain(supportPhone.display);
  });

  it("inside the first months asks the branch to wait for the family's choice", () => {
    expect(renderFuneralInstruction(email).text).toContain(
      "we will confirm their choice before you arrange the funeral under the plan",
    );
  });

  it("has no place for the customer's health or circumstances", () => {
    const parsed = funeralInstructionSchema.parse({
      ...email,
      vulnerabilities: { notes: "Recently widowed" },
    });

    expect(parsed).not.toHaveProperty("vulnerabilities");
    expect(JSON.stringify(renderFuneralInstruction(parsed))).not.toContain("widowed");
  });
});
