import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  answer,
  burialOnlyStepHandles,
  finishEdit,
  journeyPath,
  journeyStepHandles,
  nextStep,
  pendingChanges,
  planSections,
  priceJourney,
  startEdit,
  stepNumber,
  storedJourney,
  summarisePrice,
  sumPence,
  type JourneyStepHandle,
} from "@kindred/domain";
import { testCatalogue as catalogue } from "./support/catalogue";
import { journeyAction, reachableJourney } from "./support/journey-actions";

const action = journeyAction(catalogue);
const journey = reachableJourney(catalogue);

describe("journey properties", () => {
  it("total = basic + additional, for any sequence of choices", () => {
    fc.assert(
      fc.property(journey, (state) => {
        const { basic, additional, total } = summarisePrice(state.priceData);
        expect(total).toBe(basic + additional);
      }),
    );
  });

  it("the summary's lines add up to the total, for the journey shown and the journey stored", () => {
    fc.assert(
      fc.property(journey, (state) => {
        for (const { journeyData, priceData } of [state, storedJourney(state)]) {
          const lines = planSections(journeyData, catalogue);
          expect(sumPence(lines.map((line) => line.price))).toBe(summarisePrice(priceData).total);
          expect(sumPence(lines.filter((line) => !line.guaranteed).map((line) => line.price))).toBe(
            summarisePrice(priceData).contributions,
          );
        }
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

  it("the step counter goes up by one with each Continue, to the summary as the last of the total", () => {
    fc.assert(
      fc.property(journey, (state) => {
        const isPrefilled = (handle: JourneyStepHandle) => state.steps[handle].prefilled;
        const seen: { number: number; total: number }[] = [];
        let handle: JourneyStepHandle | undefined = "attendance";
        while (handle) {
          const at = stepNumber(state.journeyData, handle, isPrefilled);
          expect(at).toEqual({ number: seen.length + 1, total: seen[0]?.total ?? at?.total });
          if (at) seen.push(at);
          if (handle === "summary") expect(at?.number).toBe(at?.total);
          handle = nextStep(state.journeyData, handle, isPrefilled);
        }
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
      fc.property(
        journey,
        fc.constantFrom(...catalogue.coffins.map((coffin) => coffin.id)),
        (state, coffinId) => {
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
        },
      ),
    );
  });
});
