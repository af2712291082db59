import { describe, expect, it } from "vitest";
import {
  arrearsCatchUpBy,
  atNeedDueBy,
  funeralDirectorDueBy,
  guideFollowUpDueBy,
  refundDueBy,
} from "@kindred/domain";

describe("the staff work queues' deadlines (issue 24 item 5)", () => {
  it("gives a refund 30 days from when it became owed", () => {
    expect(refundDueBy(new Date("2026-11-27T10:15:00Z")).toISOString()).toBe("2026-12-27T10:15:00.000Z");
  });

  it("names the funeral director within 30 days of purchase (FPCOB 10.1.3R)", () => {
    expect(funeralDirectorDueBy("2026-11-27")).toBe("2026-12-27");
    expect(funeralDirectorDueBy("2027-02-10")).toBe("2027-03-12");
  });

  it("acts on a death by the next working day, past weekends and bank holidays", () => {
    // A Friday, then the Monday.
    expect(atNeedDueBy("2026-11-27")).toBe("2026-11-30");
    // Christmas Eve: Christmas Day, the weekend and Boxing Day's Monday are not working days.
    expect(atNeedDueBy("2026-12-24")).toBe("2026-12-29");
  });

  it("follows a guide enquiry up within 2 working days", () => {
    expect(guideFollowUpDueBy("2026-11-26")).toBe("2026-11-30");
    expect(guideFollowUpDueBy("2026-12-24")).toBe("2026-12-30");
  });

  it("gives an arrears statement 10 working days to catch up (FPCOB 2.3.6R's business days)", () => {
    // A Friday: two weeks of working days on.
    expect(arrearsCatchUpBy("2026-11-27")).toBe("2026-12-11");
    // Over Christmas: Christmas Day, Boxing Day's Monday and New Year's Day are not counted.
    expect(arrearsCatchUpBy("2026-12-18")).toBe("2027-01-06");
  });
});
