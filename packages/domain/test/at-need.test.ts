import { describe, expect, it } from "vitest";
import { atNeedNoteProblems, funeralStepProblem, staffMessages } from "@kindred/domain";

describe("moving a funeral on (staff, issue 24 item 5)", () => {
  it("goes one step at a time: requested, then arranged, then provided", () => {
    expect(funeralStepProblem("funeral_requested", "funeral_arranged")).toBeNull();
    expect(funeralStepProblem("funeral_arranged", "funeral_provided")).toBeNull();
  });

  it("refuses a step back, the same step again, a skipped step, and a case with no plan", () => {
    expect(funeralStepProblem("funeral_arranged", "funeral_requested")).toBe(
      staffMessages.funeralStatusBackwards,
    );
    expect(funeralStepProblem("funeral_provided", "funeral_arranged")).toBe(
      staffMessages.funeralStatusBackwards,
    );
    expect(funeralStepProblem("funeral_arranged", "funeral_arranged")).toBe(staffMessages.funeralStatusSame);
    expect(funeralStepProblem("funeral_requested", "funeral_provided")).toBe(
      staffMessages.funeralStatusSkipped,
    );
    expect(funeralStepProblem("unmatched", "funeral_arranged")).toBe(staffMessages.atNeedCaseUnmatched);
  });

  it("requests the funeral for a reported death only once it is confirmed, or withdraws the report; never after", () => {
    expect(funeralStepProblem("reported", "funeral_requested")).toBeNull();
    expect(funeralStepProblem("reported", "withdrawn")).toBeNull();
    expect(funeralStepProblem("reported", "funeral_arranged")).toBe(staffMessages.deathNotConfirmedYet);
    expect(funeralStepProblem("funeral_requested", "withdrawn")).toBe(staffMessages.funeralAlreadyRequested);
    expect(funeralStepProblem("withdrawn", "funeral_requested")).toBe(staffMessages.atNeedCaseWithdrawn);
    expect(funeralStepProblem("unmatched", "withdrawn")).toBe(staffMessages.atNeedCaseUnmatched);
  });

  it("asks for a note with each step, of a sensible length", () => {
    expect(atNeedNoteProblems("  ")).toEqual([staffMessages.atNeedNoteNeeded]);
    expect(atNeedNoteProblems("x".repeat(2_001))).toEqual([staffMessages.atNeedNoteTooLong]);
    expect(atNeedNoteProblems("Spoke to the family; the funeral is on Friday.")).toEqual([]);
  });
});
