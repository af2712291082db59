import { describe, expect, it } from "vitest";
import { renderStaffInvitation } from "./staff-invitation";

describe("the staff invitation email", () => {
  it("says who invited them and as what, with the link, that it works once for 72 hours, and what to do if unexpected", () => {
    const content = renderStaffInvitation({
      kind: "staff-invitation",
      to: { name: "Jane Smith", address: "jane@kindred.example" },
      name: "Jane Smith",
      role: "administrator",
      invitedBy: "Ada Lovelace",
      link: "https://kindred.example/staff/invitation?token=abc",
    });
    expect(content.subject).toBe("Your invitation to the Kindred back office");
    expect(content.text).toContain(
      "Ada Lovelace has invited you to the Kindred Funeral Plans back office, as an administrator.",
    );
    expect(content.text).toContain(
      "Set up your account:\nhttps://kindred.example/staff/invitation?token=abc",
    );
    expect(content.text).toContain("The link works once, for the next 72 hours.");
    expect(content.text).toContain("If you were not expecting this, do not follow the link");
  });
});
