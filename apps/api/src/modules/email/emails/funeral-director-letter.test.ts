import { describe, expect, it } from "vitest";
import { renderFuneralDirectorLetter } from "./funeral-director-letter";

const email = {
  kind: "funeral-director-letter" as const,
  to: { name: "Jane Smith", address: "jane@example.com" },
  firstName: "Jane",
  planReference: "KND-7Q3M-2XK9",
  appointedOn: "2027-01-05",
  funeralDirector: {
    name: "Ashworth & Daughters Funeral Directors",
    address: {
      line1: "214 Upper Street",
      line2: "Islington",
      locality: "London",
      county: "",
      postcode: "N1 1RL",
    },
    phone: "020 7946 0112",
  },
};

describe("the letter telling the customer their funeral director", () => {
  it("names the branch's business name, full address and phone, and what happens next", () => {
    const content = renderFuneralDirectorLetter(email);

    expect(content.subject).toBe("Your funeral director");
    expect(content.text).toContain("Dear Jane,");
    expect(content.text).toContain(
      "Your funeral plan KND-7Q3M-2XK9 was bought on 5 January 2027. The funeral director who will carry out the funeral is:\n\n- Ashworth & Daughters Funeral Directors\n- 214 Upper Street, Islington, London, N1 1RL\n- Phone: 020 7946 0112",
    );
    expect(content.text).toContain("They will do nothing yet, and there is nothing you need to do");
    expect(content.text).toContain("If you would like a different funeral director, call us");
    expect(content.html).toContain("Ashworth &amp; Daughters Funeral Directors");
    expect(content.text).not.toContain("within 30 days");
  });

  it("says, when the branch chosen has closed, that we will write within 30 days, naming no branch", () => {
    const content = renderFuneralDirectorLetter({ ...email, funeralDirector: null });

    expect(content.text).toContain(
      "We will write to you with your funeral director's name, address and phone number within 30 days of buying your plan.",
    );
    expect(content.text).not.toContain("Ashworth");
    expect(content.text).not.toContain("will carry out the funeral is");
  });
});
