import { describe, expect, it } from "vitest";
import { renderDeathReported, type DeathReportedEmail } from "./death-reported";

const email: DeathReportedEmail = {
  kind: "death-reported",
  to: { name: "David Thompson", address: "david@example.com" },
  firstName: "David",
  personName: "Margaret Thompson",
  aboutTheReader: false,
  planReference: "KND-7Q3M-2XK9",
  dateOfDeath: "2026-12-01",
  notRightUrl: "https://kindred.example/notify-a-death/not-right?case=c&who=nominee&signature=s",
  confirmUrl: "https://kindred.example/notify-a-death/confirm?case=c&signature=t",
};

describe("the email to everyone on a plan when a death is reported", () => {
  it("says nothing changes until the death is confirmed, and gives the person named on the plan a link to confirm it and one to say it is not right", () => {
    const { subject, text } = renderDeathReported(email);
    expect(subject).toBe(`We have been told of a death under funeral plan ${email.planReference}`);
    expect(text).toContain("Dear David,");
    expect(text).toContain(
      "Someone has told us, through our website, that Margaret Thompson died on 1 December 2026.",
    );
    expect(text).toContain("Nothing about the plan changes until the death is confirmed");
    expect(text).toContain(`Confirm that Margaret Thompson has died:\n${email.confirmUrl}`);
    expect(text).toContain(`Tell us this is not right:\n${email.notRightUrl}`);
    expect(text).toContain("call us on 0808 157 0911");
  });

  it("gives everyone else only the link to say it is not right", () => {
    const { text } = renderDeathReported({ ...email, confirmUrl: null });
    expect(text).not.toContain("/notify-a-death/confirm");
    expect(text).toContain("before anything is done under the plan");
    expect(text).toContain(`Tell us this is not right:\n${email.notRightUrl}`);
  });

  it("asks the person the plan covers to tell us at once, if it is they who read it", () => {
    const { text } = renderDeathReported({
      ...email,
      aboutTheReader: true,
      confirmUrl: null,
      firstName: "Margaret",
    });
    expect(text).toContain(
      "that you died on 1 December 2026. If you are reading this, please tell us straight away",
    );
    expect(text).toContain(`Tell us this is not right:\n${email.notRightUrl}`);
  });
});
