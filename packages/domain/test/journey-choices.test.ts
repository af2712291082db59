import { describe, expect, it } from "vitest";
import {
  answer,
  chooseAttendance,
  choosePackage,
  chooseRemains,
  currentStep,
  finishEdit,
  initialJourneyState,
  journeyPath,
  journeyStepHandles,
  nextStep,
  nextStepToAnswer,
  pendingChanges,
  previousStep,
  releasePackage,
  resetStep,
  startEdit,
  stepNumber,
  storedJourney,
  summarisePrice,
  visitStep,
  type JourneyState,
  type JourneyStepHandle,
} from "@kindred/domain";
import { idOf, testCatalogue as catalogue } from "./support/catalogue";

const attended = () =>
  chooseAttendance(initialJourneyState(), catalogue, idOf(catalogue.attendance, "attended"));
const cremation = () => chooseRemains(attended(), catalogue, idOf(catalogue.remains, "cremated"));
const prefilled = (state: JourneyState) => (handle: keyof JourneyState["steps"]) =>
  state.steps[handle].prefilled;

describe("a new journey", () => {
  it("has only the first step enabled and a price of £0", () => {
    const state = initialJourneyState();

    expect(
      Object.entries(state.steps)
        .filter(([, flags]) => flags.enabled)
        .map(([handle]) => handle),
    ).toEqual(["attendance"]);
    expect(summarisePrice(state.priceData).total).toBe(0);
    expect(currentStep(state)).toBe("attendance");
  });
});

describe("choosing the kind of funeral", () => {
  it("makes attendance the basic price, completes the step and enables the next", () => {
    const state = attended();

    expect(summarisePrice(state.priceData)).toMatchObject({ basic: 295000, additional: 0, total: 295000 });
    expect(state.steps.attendance).toMatchObject({ completed: true, enabled: true, visited: true });
    expect(state.steps["funeral-director"].enabled).toBe(true);
    expect(state.steps["burial-cremation"].enabled).toBe(false);
  });

  it("prefills the default crematory, basic coffin and default transport for an unattended cremation", () => {
    const state = chooseAttendance(
      initialJourneyState(),
      catalogue,
      idOf(catalogue.attendance, "unattended"),
    );

    expect(state.journeyData.crematoria).toEqual({ id: catalogue.defaultCrematory.id });
    expect(state.journeyData.coffin).toEqual({ id: idOf(catalogue.coffins, "park") });
    expect(state.journeyData.deceaseTransportation?.transportationType).toBe(
      idOf(catalogue.transportationForTheDeceasedTypes, "specialistVehicle"),
    );
    expect(state.steps.coffin.prefilled).toBe(true);
    expect(state.steps.transportation.prefilled).toBe(true);
    expect(state.steps.ashes.prefilled).toBe(false);
    expect(journeyPath(state.journeyData)).toEqual([
      "attendance",
      "funeral-director",
      "transportation",
      "coffin",
      "ashes",
      "additional",
      "summary",
    ]);
  });

  it("also prefills the default ashes treatment for a private farewell, and skips prefilled steps", () => {
    let state = chooseAttendance(
      initialJourneyState(),
      catalogue,
      idOf(catalogue.attendance, "privateFarewell"),
    );

    expect(state.steps.ashes.prefilled).toBe(true);
    expect(state.journeyData.ashes?.treatmentType).toBe(
      idOf(catalogue.ashesTreatmentTypes, "simpleContainer"),
    );
    expect(nextStep(state.journeyData, "attendance", prefilled(state))).toBe("funeral-director");
    expect(nextStep(state.journeyData, "funeral-director", prefilled(state))).toBe("additional");
    state = answer(state, catalogue, "funeralDirector", { id: 7 });
    expect(state.steps.additional.enabled).toBe(true);
    expect(previousStep(state.journeyData, "additional", prefilled(state))).toBe("funeral-director");
  });

  it("starts everything again when changed", () => {
    let state = cremation();
    state = answer(state, catalogue, "funeralDirector", { id: 3 });

    state = chooseAttendance(state, catalogue, idOf(catalogue.attendance, "attended"));

    expect(state.journeyData).toEqual({
      attendance: { option: { id: idOf(catalogue.attendance, "attended"), code: "attended" } },
    });
    expect(state.steps["funeral-director"].visited).toBe(false);
  });
});

describe("burial or cremation", () => {
  it("clears the other branch's answers", () => {
    let state = chooseRemains(attended(), catalogue, idOf(catalogue.remains, "buried"));
    state = answer(state, catalogue, "burial", { hasBurialPlot: true, notes: "" });
    state = answer(state, catalogue, "burialService", { notes: "At St Mary's" });

    state = chooseRemains(state, catalogue, idOf(catalogue.remains, "cremated"));

    expect(state.journeyData.burial).toBeUndefined();
    expect(state.journeyData.burialService).toBeUndefined();
    expect(state.steps.burial.visited).toBe(false);
    expect(journeyPath(state.journeyData)).not.toContain("burial");
    expect(journeyPath(state.journeyData)).toContain("crematoria");
  });

  it("adds the remains price to the additional price", () => {
    const state = cremation();

    expect(summarisePrice(state.priceData)).toMatchObject({
      basic: 295000,
      additional: 99000,
      total: 394000,
    });
  });
});

describe("the step counter (issue 25 item 8)", () => {
  /** "Step N of M" for each step the person is shown, in the order Continue takes them. */
  function counted(state: JourneyState): string[] {
    const shown: string[] = [];
    let handle: JourneyStepHandle | undefined = "attendance";
    while (handle) {
      const at = stepNumber(state.journeyData, handle, prefilled(state));
      shown.push(at ? `${handle} ${at.number} of ${at.total}` : `${handle} unnumbered`);
      handle = nextStep(state.journeyData, handle, prefilled(state));
    }
    return shown;
  }

  it("goes up by one a screen, and grows only when burial or cremation brings its own steps", () => {
    expect(counted(attended()).slice(0, 3)).toEqual([
      "attendance 1 of 9",
      "funeral-director 2 of 9",
      "burial-cremation 3 of 9",
    ]);
    expect(counted(cremation())).toEqual([
      "attendance 1 of 11",
      "funeral-director 2 of 11",
      "burial-cremation 3 of 11",
      "crematoria 4 of 11",
      "celebrant 5 of 11",
      "pallbearers 6 of 11",
      "transportation 7 of 11",
      "coffin 8 of 11",
      "ashes 9 of 11",
      "additional 10 of 11",
      "summary 11 of 11",
    ]);
  });

  it("leaves out the steps a package or the kind of funeral chose, which Continue passes over", () => {
    const withPackage = choosePackage(initialJourneyState(), catalogue, 500);
    expect(counted(withPackage)).toEqual([
      "attendance 1 of 4",
      "funeral-director 2 of 4",
      "additional 3 of 4",
      "summary 4 of 4",
    ]);
    expect(stepNumber(withPackage.journeyData, "coffin", prefilled(withPackage))).toBeUndefined();

    const farewell = chooseAttendance(
      initialJourneyState(),
      catalogue,
      idOf(catalogue.attendance, "privateFarewell"),
    );
    expect(counted(farewell)).toEqual([
      "attendance 1 of 4",
      "funeral-director 2 of 4",
      "additional 3 of 4",
      "summary 4 of 4",
    ]);

    // Stepping out of the package gives the person its steps to see again, and counts them.
    const released = releasePackage(withPackage, catalogue);
    expect(counted(released).at(-1)).toBe("summary 11 of 11");
  });

  it("has no number for a step off the path", () => {
    const state = cremation();
    expect(stepNumber(state.journeyData, "burial", prefilled(state))).toBeUndefined();
  });
});

describe("packages", () => {
  const withPackage = () => choosePackage(initialJourneyState(), catalogue, 500);

  it("fill and prefill their steps, priced from the catalogue", () => {
    const state = withPackage();

    expect(state.journeyData.package).toEqual({ id: 500 });
    expect(state.steps.coffin.prefilled).toBe(true);
    expect(state.steps.crematoria.prefilled).toBe(true);
    // attended 2950 + cremation 990 + scattered 85 + minister 220 + northumberland 495
    // + hearse 295 + bearers 300 + two limousines 650
    expect(summarisePrice(state.priceData).total).toBe(
      295000 + 99000 + 8500 + 22000 + 49500 + 29500 + 30000 + 2 * 32500,
    );
  });

  it("cannot be changed step by step while prefilled", () => {
    const state = withPackage();

    const after = answer(state, catalogue, "coffin", { id: idOf(catalogue.coffins, "park") });

    expect(after).toBe(state);
  });

  it("end when the person changes one of their choices, which stay as answers", () => {
    let state = releasePackage(withPackage(), catalogue);
    state = answer(state, catalogue, "coffin", { id: idOf(catalogue.coffins, "park") });

    expect(state.journeyData.package).toBeNull();
    expect(state.journeyData.celebrant?.celebrant).toBe(idOf(catalogue.celebrantTypes, "ministerOfficiant"));
    expect(state.steps.coffin.prefilled).toBe(false);
    expect(state.priceData.coffin).toBeUndefined();
  });

  it("keep their ashes choice when cremation is chosen again", () => {
    const state = chooseRemains(
      releasePackage(withPackage(), catalogue),
      catalogue,
      idOf(catalogue.remains, "cremated"),
    );

    expect(state.journeyData.ashes?.treatmentType).toBe(
      idOf(catalogue.ashesTreatmentTypes, "scatteredInGarden"),
    );
  });
});

describe("transport and pallbearers", () => {
  it("price attendee transport as price times quantity", () => {
    const state = answer(cremation(), catalogue, "attendeesTransportation", {
      selectedTransportationTypes: [
        {
          transportationType: {
            id: idOf(catalogue.transportationForAttendeesTypes, "limousine"),
            name: "",
            price: 1,
          },
          quantity: 3,
        },
      ],
      notes: "",
      contribution: "0",
    });

    expect(state.priceData.transportation).toBe(3 * 32500);
  });

  it("keep a personalised procession to attended funerals", () => {
    const unattended = chooseAttendance(
      initialJourneyState(),
      catalogue,
      idOf(catalogue.attendance, "unattended"),
    );

    expect(answer(unattended, catalogue, "procession", { personalisedProcession: true, notes: "" })).toBe(
      unattended,
    );
  });

  it("count a contribution apart as not guaranteed, and need notes for it", () => {
    let state = cremation();
    state = answer(state, catalogue, "pallbearers", {
      pallbearerType: idOf(catalogue.pallbearerTypes, "nominatingMyOwn"),
      notes: "",
      contribution: "50",
    });
    expect(state.steps.pallbearers.completed).toBe(false);

    state = answer(state, catalogue, "pallbearers", {
      pallbearerType: idOf(catalogue.pallbearerTypes, "nominatingMyOwn"),
      notes: "For my grandsons",
      contribution: "50",
    });
    expect(state.steps.pallbearers.completed).toBe(true);
    expect(summarisePrice(state.priceData).contributions).toBe(5000);
  });
});

describe("edit mode", () => {
  const finished = () => {
    let state = cremation();
    state = answer(state, catalogue, "crematoria", { id: 901 });
    state = answer(state, catalogue, "coffin", { id: idOf(catalogue.coffins, "park") });
    return state;
  };

  it("holds changes apart until the person leaves", () => {
    let state = startEdit(finished(), "coffin");
    state = answer(state, catalogue, "coffin", { id: idOf(catalogue.coffins, "willow") });

    expect(storedJourney(state).journeyData.coffin).toEqual({ id: idOf(catalogue.coffins, "park") });
    expect(pendingChanges(state)).toEqual({ coffin: 59500 });
    expect(state.steps.coffin.edited).toBe(true);

    state = finishEdit(state);
    expect(state.edit).toBeNull();
    expect(storedJourney(state).journeyData.coffin).toEqual({ id: idOf(catalogue.coffins, "willow") });
    expect(state.steps.coffin.edited).toBe(false);
  });

  it("forgets a change toggled back to the stored value", () => {
    let state = startEdit(finished(), "coffin");
    state = answer(state, catalogue, "coffin", { id: idOf(catalogue.coffins, "willow") });
    state = answer(state, catalogue, "coffin", { id: idOf(catalogue.coffins, "park") });

    expect(pendingChanges(state)).toEqual({});
  });

  it("resets a step back to the stored answer, and outside edit mode to nothing", () => {
    let editing = startEdit(finished(), "coffin");
    editing = answer(editing, catalogue, "coffin", { id: idOf(catalogue.coffins, "willow") });
    editing = resetStep(editing, catalogue, "coffin");
    expect(pendingChanges(editing)).toEqual({});
    expect(editing.journeyData.coffin).toEqual({ id: idOf(catalogue.coffins, "park") });

    const withWillow = answer(finished(), catalogue, "coffin", { id: idOf(catalogue.coffins, "willow") });
    const cleared = resetStep(withWillow, catalogue, "coffin");
    expect(cleared.journeyData.coffin).toBeUndefined();
    expect(cleared.priceData.coffin).toBeUndefined();
  });

  it("refuses to reset a step with no name", () => {
    expect(() => resetStep(finished(), catalogue, "")).toThrow("The step name is not defined");
  });
});

describe("visiting", () => {
  it("completes an optional step only once the person has seen it", () => {
    let state = cremation();
    state = answer(state, catalogue, "funeralDirector", { id: 1 });
    state = answer(state, catalogue, "crematoria", { id: 901 });
    state = answer(state, catalogue, "celebrant", {
      celebrant: idOf(catalogue.celebrantTypes, "familyLed"),
      notes: "",
    });
    state = answer(state, catalogue, "pallbearers", {
      pallbearerType: idOf(catalogue.pallbearerTypes, "providedByYourFuneralDirector"),
      notes: "",
      contribution: "0",
    });
    state = answer(state, catalogue, "deceaseTransportation", {
      transportationType: idOf(catalogue.transportationForTheDeceasedTypes, "hearse"),
      notes: "",
      contribution: "0",
    });
    state = answer(state, catalogue, "coffin", { id: idOf(catalogue.coffins, "park") });
    state = answer(state, catalogue, "ashes", {
      treatmentType: idOf(catalogue.ashesTreatmentTypes, "keepsakeUrn"),
      notes: "",
    });
    expect(state.steps.additional.enabled).toBe(true);
    expect(state.steps.additional.completed).toBe(false);
    expect(state.steps.summary.enabled).toBe(false);

    state = visitStep(state, "additional");

    expect(state.steps.additional.completed).toBe(true);
    expect(state.steps.summary.enabled).toBe(true);
    expect(currentStep(state)).toBe("summary");
  });
});

describe("a package's attendee transport", () => {
  it("is recorded in the journey payload's own shape (id, name, price)", () => {
    const state = choosePackage(initialJourneyState(), catalogue, 500);

    expect(state.journeyData.attendeesTransportation?.selectedTransportationTypes).toEqual([
      {
        transportationType: {
          id: idOf(catalogue.transportationForAttendeesTypes, "limousine"),
          name: "limousine",
          price: 32500,
        },
        quantity: 2,
      },
    ]);
  });
});

describe("changing burial or cremation from the summary", () => {
  const whole = Object.fromEntries(
    journeyStepHandles.map((handle) => [handle, { prefilled: false, completed: true }]),
  ) as Record<JourneyStepHandle, { prefilled: boolean; completed: boolean }>;
  const nowCremated = cremation().journeyData;

  it("leads through the steps the change opened, in order, then back to the summary", () => {
    const opened = {
      ...whole,
      crematoria: { prefilled: false, completed: false },
      ashes: { prefilled: false, completed: false },
    };

    expect(nextStepToAnswer(nowCremated, "burial-cremation", opened)).toBe("crematoria");
    expect(nextStepToAnswer(nowCremated, "crematoria", { ...opened, crematoria: whole.crematoria })).toBe(
      "ashes",
    );
    expect(nextStepToAnswer(nowCremated, "ashes", whole)).toBeUndefined();
  });

  it("passes over steps of the other branch and steps the kind of funeral fills", () => {
    const steps = {
      ...whole,
      burial: { prefilled: false, completed: false },
      celebrant: { prefilled: true, completed: false },
    };

    expect(nextStepToAnswer(nowCremated, "burial-cremation", steps)).toBeUndefined();
  });
});
