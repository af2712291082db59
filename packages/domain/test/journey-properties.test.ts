import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  answer,
  burialOnlyStepHandles,
  chooseAttendance,
  choosePackage,
  chooseRemains,
  finishEdit,
  initialJourneyState,
  journeyPath,
  journeyStepHandles,
  pendingChanges,
  priceJourney,
  releasePackage,
  resetStep,
  startEdit,
  summarisePrice,
  visitStep,
  type JourneyState,
} from "@kindred/domain";
import { testCatalogue as catalogue } from "./support/catalogue";

const ids = (options: readonly { id: number }[]) => fc.constantFrom(...options.map((option) => option.id));
const notes = fc.constantFrom("", "x", "Some notes");
const contribution = fc.constantFrom("0", "", "25", "12.50", "abc");

type Action = (state: JourneyState) => JourneyState;

/** Any single thing a person can do on the journey. */
const action: fc.Arbitrary<Action> = fc.oneof(
  ids(catalogue.attendance).map(
    (id): Action =>
      (state) =>
        chooseAttendance(state, catalogue, id),
  ),
  ids(catalogue.packages).map(
    (id): Action =>
      (state) =>
        choosePackage(state, catalogue, id),
  ),
  ids(catalogue.remains).map(
    (id): Action =>
      (state) =>
        chooseRemains(state, catalogue, id),
  ),
  fc.constant<Action>((state) => releasePackage(state, catalogue)),
  fc.integer({ min: 1, max: 30 }).map(
    (id): Action =>
      (state) =>
        answer(state, catalogue, "funeralDirector", { id }),
  ),
  ids(catalogue.crematoria).map(
    (id): Action =>
      (state) =>
        answer(state, catalogue, "crematoria", { id }),
  ),
  ids(catalogue.coffins).map(
    (id): Action =>
      (state) =>
        answer(state, catalogue, "coffin", { id }),
  ),
  fc.record({ id: ids(catalogue.celebrantTypes), notes }).map(
    ({ id, notes }): Action =>
      (state) =>
        answer(state, catalogue, "celebrant", { celebrant: id, notes }),
  ),
  fc.record({ id: ids(catalogue.pallbearerTypes), notes, contribution }).map(
    ({ id, notes, contribution }): Action =>
      (state) =>
        answer(state, catalogue, "pallbearers", { pallbearerType: id, notes, contribution }),
  ),
  fc.record({ id: ids(catalogue.transportationForTheDeceasedTypes), notes, contribution }).map(
    ({ id, notes, contribution }): Action =>
      (state) =>
        answer(state, catalogue, "deceaseTransportation", { transportationType: id, notes, contribution }),
  ),
  fc
    .record({ id: ids(catalogue.transportationForAttendeesTypes), quantity: fc.integer({ min: 0, max: 4 }) })
    .map(
      ({ id, quantity }): Action =>
        (state) =>
          answer(state, catalogue, "attendeesTransportation", {
            selectedTransportationTypes: [{ transportationType: { id, name: "", price: 0 }, quantity }],
            notes: "",
            contribution: "0",
          }),
    ),
  ids(catalogue.ashesTreatmentTypes).map(
    (id): Action =>
      (state) =>
        answer(state, catalogue, "ashes", { treatmentType: id, notes: "" }),
  ),
  fc.boolean().map(
    (has): Action =>
      (state) =>
        answer(state, catalogue, "burial", { hasBurialPlot: has, notes: "" }),
  ),
  notes.map(
    (text): Action =>
      (state) =>
        answer(state, catalogue, "burialService", { notes: text }),
  ),
  fc.record({ notes, contribution }).map(
    ({ notes, contribution }): Action =>
      (state) =>
        answer(state, catalogue, "flowers", { notes, contribution, isContributionStep: true }),
  ),
  fc.constantFrom(...journeyStepHandles).map(
    (handle): Action =>
      (state) =>
        visitStep(state, handle),
  ),
  fc.constantFrom(...journeyStepHandles).map(
    (handle): Action =>
      (state) =>
        startEdit(state, handle),
  ),
  fc.constant<Action>(finishEdit),
  fc.constantFrom(...journeyStepHandles).map(
    (handle): Action =>
      (state) =>
        resetStep(state, catalogue, handle),
  ),
);

const journey = fc
  .array(action, { maxLength: 25 })
  .map((actions) => actions.reduce((state, act) => act(state), initialJourneyState()));

describe("journey properties", () => {
  it("total = basic + additional, for any sequence of choices", () => {
    fc.assert(
      fc.property(journey, (state) => {
        const { basic, additional, total } = summarisePrice(state.priceData);
        expect(total).toBe(basic + additional);
      }),
    );
  });

  it("the price is always the catalogue's price of the answers", () => {
    fc.assert(
      fc.property(journey, (state) => {
        expect(state.priceData).toEqual(priceJourney(state.journeyData, catalogue));
      }),
    );
  });

  it("a cremation path never holds a burial step", () => {
    fc.assert(
      fc.property(journey, (state) => {
        if (state.journeyData.burialCremation?.option.code !== "cremated") return;
        for (const handle of burialOnlyStepHandles)
          expect(journeyPath(state.journeyData)).not.toContain(handle);
        expect(state.journeyData.burial).toBeUndefined();
        expect(state.journeyData.burialService).toBeUndefined();
      }),
    );
  });

  it("a prefilled step is never editable", () => {
    fc.assert(
      fc.property(journey, action, (state, act) => {
        const before = JSON.stringify(state.journeyData.coffin);
        const after = answer(state, catalogue, "coffin", { id: catalogue.coffins.at(-1)!.id });
        if (state.steps.coffin.prefilled) expect(JSON.stringify(after.journeyData.coffin)).toBe(before);
        // and whatever else happens, an answer never lands on a prefilled step
        const next = act(state);
        for (const handle of journeyStepHandles) {
          if (state.steps[handle].prefilled && next.steps[handle].prefilled) {
            expect(next.steps[handle].edited && !state.steps[handle].edited).toBe(false);
          }
        }
      }),
    );
  });

  it("completing a step enables exactly the next step of the current path", () => {
    fc.assert(
      fc.property(journey, action, (state, act) => {
        const next = act(state);
        const path = journeyPath(next.journeyData);
        const enabled = path.filter((handle) => next.steps[handle].enabled);
        // the enabled steps are always the start of the path, and reach one step past the
        // last completed run
        expect(enabled).toEqual(path.slice(0, enabled.length));
        const completedRun = path.findIndex((handle) => !next.steps[handle].completed);
        const expectedEnabled = completedRun === -1 ? path.length : Math.max(1, completedRun + 1);
        expect(enabled.length).toBe(expectedEnabled);
      }),
    );
  });

  it("in edit mode, a change toggled back to the stored value is no change", () => {
    fc.assert(
      fc.property(journey, ids(catalogue.coffins), (state, coffinId) => {
        const editing = startEdit(finishEdit(state), "coffin");
        const stored = editing.journeyData.coffin;
        if (!stored || editing.steps.coffin.prefilled) return;
        const toggled = answer(
          answer(editing, catalogue, "coffin", { id: coffinId }),
          catalogue,
          "coffin",
          stored,
        );
        expect(pendingChanges(toggled)).toEqual({});
      }),
    );
  });
});
