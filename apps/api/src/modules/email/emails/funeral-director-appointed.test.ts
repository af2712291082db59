import { describe, expect, it } from "vitest";
import { funeralDirectorAppointedSchema, renderFuneralDirectorAppointed } from "./funeral-director-appointed";

const email = {
  kind: "funeral-director-appointed" as const,
  to: { name: "Ashworth & Daughters Funeral Directors", address: "islington@example.com" },
  greeting: "Helen Ashworth",
  branchName: "Ashworth & Daughters Funeral Directors",
  planReference: "KND-7Q3M-2XK9",
  coveredPersonName: "Margaret Hughes",
  kindOfFuneral: "Attended funeral, Cremation",
  appointedOn: "2027-01-05",
  attachments: [{ filename: "plan-details.pdf", contentType: "application/pdf", contentBase64: "JVBERi0=" }],
};

describe("the email to the funeral director appointed for a plan", () => {
  it("names the branch, the plan, the person covered and the kind of funeral, in our layout", () => {
    const content = renderFuneralDirectorAppointed(email);

    expect(content.subject).toBe(
      "A funeral plan naming Ashworth & Daughters Funeral Directors: KND-7Q3M-2XK9",
    );
    expect(content.text).toContain("Dear Helen Ashworth,");
    expect(content.text).toContain(
      "A funeral plan was bought on 5 January 2027 naming Ashworth & Daughters Funeral Directors as the funeral director who will carry out the funeral.",
    );
    expect(content.text).toContain("- Plan reference: KND-7Q3M-2XK9");
    expect(content.text).toContain("- Person covered: Margaret Hughes");
    expect(content.text).toContain("- Kind of funeral: Attended funeral, Cremation");
    expect(content.text).toContain("The plan details are attached");
    expect(content.html).toContain(
      "naming Ashworth &amp; Daughters Funeral Directors as the funeral director",
    );
    expect(content.html).toContain("Person covered: Margaret Hughes");
  });

  it("has no place for the customer's health or circumstances", () => {
    const parsed = funeralDirectorAppointedSchema.parse({
      ...email,
      vulnerabilities: { bereavement: true, notes: "Recently widowed" },
    });

    expect(parsed).not.toHaveProperty("vulnerabilities");
    expect(JSON.stringify(renderFuneralDirectorAppointed(parsed))).not.toContain("widowed");
  });
});
