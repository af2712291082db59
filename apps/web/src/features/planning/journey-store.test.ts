import { beforeEach, describe, expect, it } from "vitest";
import { seededPlanOptions } from "../../test/plan-options-factory";
import {
  answer,
  chooseAttendance,
  chooseRemains,
  finishEdit,
  getJourneySnapshot,
  resetJourney,
  startEdit,
  subscribeToJourney,
} from "./journey-store";

const planOptions = seededPlanOptions();
const idOf = (options: { id: number; code: string }[], code: string) =>
  options.find((option) => option.code === code)!.id;

beforeEach(() => {
  resetJourney();
  sessionStorage.clear();
});

function storedJson(key: string): unknown {
  return JSON.parse(sessionStorage.getItem(key) ?? "null");
}

describe("the journey store", () => {
  it("keeps answers, price and steps in session storage under SPEC.md's keys", () => {
    chooseAttendance(planOptions, idOf(planOptions.attendance, "attended"));
    chooseRemains(planOptions, idOf(planOptions.remains, "cremated"));

    expect(storedJson("journeyData")).toMatchObject({
      attendance: { option: { code: "attended" } },
      burialCremation: { option: { code: "cremated" } },
    });
    const attended = planOptions.attendance.find((option) => option.code === "attended")!;
    const cremated = planOptions.remains.find((option) => option.code === "cremated")!;
    expect(storedJson("priceData")).toEqual({
      attendance: attended.price,
      "burial-cremation": cremated.price,
    });
    expect(storedJson("completedSteps")).toEqual(["attendance", "burial-cremation"]);
    expect(storedJson("enabledSteps")).toEqual(["attendance", "funeral-director"]);
    expect(storedJson("activeSteps")).toContain("crematoria");
    expect(storedJson("activeSteps")).not.toContain("burial");
    expect(
      (storedJson("stepsData") as Record<string, { visited: boolean }>)["burial-cremation"]?.visited,
    ).toBe(true);
  });

  it("tells listeners of each change", () => {
    let heard = 0;
    const stop = subscribeToJourney(() => (heard += 1));

    chooseAttendance(planOptions, idOf(planOptions.attendance, "unattended"));
    stop();
    chooseAttendance(planOptions, idOf(planOptions.attendance, "attended"));

    expect(heard).toBe(1);
  });

  it("keeps the stored journey unchanged during an edit, and applies it on finishing", () => {
    chooseAttendance(planOptions, idOf(planOptions.attendance, "attended"));
    chooseRemains(planOptions, idOf(planOptions.remains, "cremated"));
    answer(planOptions, "crematoria", { id: planOptions.crematoria[0]!.id });
    startEdit("crematoria");
    answer(planOptions, "crematoria", { id: planOptions.crematoria[1]!.id });

    expect(getJourneySnapshot().edit?.stored.journeyData.crematoria).toEqual({
      id: planOptions.crematoria[0]!.id,
    });

    finishEdit();
    expect(getJourneySnapshot().edit).toBeNull();
    expect(getJourneySnapshot().journeyData.crematoria).toEqual({ id: planOptions.crematoria[1]!.id });
  });

  it("forgets everything on reset", () => {
    chooseAttendance(planOptions, idOf(planOptions.attendance, "attended"));

    resetJourney();

    expect(getJourneySnapshot().journeyData).toEqual({});
    expect(storedJson("journeyData")).toEqual({});
  });
});
