import { describe, expect, it } from "vitest";
import {
  arrearsCatchUpBy,
  arrearsStatementDue,
  atNeedDueBy,
  type CollectionStatus,
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

  describe("sends the arrears statement after two collections missed in a row (FPCOB 2.3.5R)", () => {
    const inOrder = (...statuses: CollectionStatus[]) => statuses.map((status) => ({ status }));

    it("not for one miss, nor for two with a collection between them", () => {
      expect(arrearsStatementDue(inOrder("failed", "scheduled"), 0)).toBe(false);
      expect(arrearsStatementDue(inOrder("failed", "collected", "failed", "scheduled"), 0)).toBe(false);
      // The next one's outcome not yet known: not yet two in a row.
      expect(arrearsStatementDue(inOrder("failed", "submitted", "failed"), 0)).toBe(false);
    });

    it("for two missed in a row, wherever they fall, and a cancelled collection stands between nothing", () => {
      expect(arrearsStatementDue(inOrder("failed", "failed", "scheduled"), 0)).toBe(true);
      expect(arrearsStatementDue(inOrder("collected", "failed", "collected", "failed", "failed"), 0)).toBe(
        true,
      );
      expect(arrearsStatementDue(inOrder("failed", "cancelled", "failed"), 0)).toBe(true);
    });

    it("once for each count: again at a third miss in a row, or a later pair in a row after a collection", () => {
      // The statement sent at two misses counted them: nothing new.
      expect(arrearsStatementDue(inOrder("failed", "failed"), 2)).toBe(false);
      expect(arrearsStatementDue(inOrder("failed", "failed", "failed"), 2)).toBe(true);
      // Collected after the statement, then one miss: not in a row; a second: a new statement.
      expect(arrearsStatementDue(inOrder("failed", "failed", "collected", "failed"), 2)).toBe(false);
      expect(arrearsStatementDue(inOrder("failed", "failed", "collected", "failed", "failed"), 2)).toBe(true);
    });
  });
});
