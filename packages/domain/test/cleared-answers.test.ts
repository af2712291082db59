import { describe, expect, it } from "vitest";
import {
  answer,
  chooseAttendance,
  choosePackage,
  chooseRemains,
  initialJourneyState,
  stepsClearedBy,
} from "@kindred/domain";
import { idOf, testCatalogue as catalogue } from "./support/catalogue";

function plannedBurial() {
  let state = chooseAttendance(initialJourneyState(), catalogue, idOf(catalogue.attendance, "attended"));
  state = answer(state, catalogue, "funeralDirector", { id: 7 });
  state = chooseRemains(state, catalogue, idOf(catalogue.remains, "buried"));
  state = answer(state, catalogue, "burial", { hasBurialPlot: true, notes: "" });
  return answer(state, catalogue, "burialService", { notes: "At St Mary's" });
}

describe("the answers a choice would clear", () => {
  it("lists every answered step when a different kind of funeral starts the plan again", () => {
    const before = plannedBurial();
    const after = chooseAttendance(before, catalogue, idOf(catalogue.attendance, "unattended"));

    expect(stepsClearedBy(before, after)).toEqual(["funeral-director", "burial", "service-burial"]);
  });

  it("lists the burial steps when burial becomes cremation, and nothing else", () => {
    const before = plannedBurial();
    const after = chooseRemains(before, catalogue, idOf(catalogue.remains, "cremated"));

    expect(stepsClearedBy(before, after)).toEqual(["burial", "service-burial"]);
  });

  it("lists nothing for a first choice, or the same choice again", () => {
    const fresh = initialJourneyState();
    const first = chooseAttendance(fresh, catalogue, idOf(catalogue.attendance, "attended"));
    const before = plannedBurial();

    expect(stepsClearedBy(fresh, first)).toEqual([]);
    expect(
      stepsClearedBy(before, chooseRemains(before, catalogue, idOf(catalogue.remains, "buried"))),
    ).toEqual([]);
  });

  it("does not list what a kind of funeral chose by itself", () => {
    const unattended = chooseAttendance(
      initialJourneyState(),
      catalogue,
      idOf(catalogue.attendance, "unattended"),
    );
    const attended = chooseAttendance(unattended, catalogue, idOf(catalogue.attendance, "attended"));

    expect(stepsClearedBy(unattended, attended)).toEqual([]);
  });

  it("lists the person's answers a package replaces", () => {
    const before = plannedBurial();
    const [firstPackage] = catalogue.packages;
    if (!firstPackage) throw new Error("The test catalogue has no package");
    const after = choosePackage(before, catalogue, firstPackage.id);

    expect(stepsClearedBy(before, after)).toEqual(["funeral-director", "burial", "service-burial"]);
  });
});
