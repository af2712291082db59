import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seededPlanOptions } from "../../test/plan-options-factory";
import type * as JourneyStore from "./journey-store";
import type * as Autosave from "./plan-autosave";

/**
 * The autosave (plan-autosave.ts): the status says "saving" from the moment a change waits to be
 * sent, a change that goes back to what was saved sends nothing and says saved again, and a
 * change made while a save is on its way is saved after it, so the server ends with what is shown.
 */

const apiRequest = vi.fn();
vi.mock("../../lib/api-client", () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const planOptions = seededPlanOptions();
const idOf = (options: { id: number; code: string }[], code: string) =>
  options.find((option) => option.code === code)!.id;

// Each test has modules of its own: the autosave keeps what it last sent, and listens to its store.
let autosave: typeof Autosave;
let store: typeof JourneyStore;
const chooseAttendance = (code: string) =>
  store.chooseAttendance(planOptions, idOf(planOptions.attendance, code));

/** The journey each PATCH sent, by its attendance and remains codes. */
const sent = () =>
  apiRequest.mock.calls
    .filter(([, options]) => (options as { method: string }).method === "PATCH")
    .map(([, options]) => {
      const body = (
        options as {
          body: { attendance?: { option: { code: string } }; burialCremation?: { option: { code: string } } };
        }
      ).body;
      return [body.attendance?.option.code, body.burialCremation?.option.code].filter(Boolean).join(" ");
    });

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  store = await import("./journey-store");
  store.resetJourney();
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem("planId", JSON.stringify("a-plan"));
  apiRequest.mockReset();
  let version = 1;
  apiRequest.mockImplementation(async () => ({ ok: true, data: { plan: { version: (version += 1) } } }));
  autosave = await import("./plan-autosave");
  autosave.startPlanAutosave();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("saving the plan as the person goes", () => {
  it('says "saving" as soon as a change waits to be sent, and "saved" once the server has it', async () => {
    chooseAttendance("attended");
    expect(autosave.getSaveStatus()).toEqual({ state: "saving" });
    await vi.runAllTimersAsync();
    expect(autosave.getSaveStatus()).toMatchObject({ state: "saved" });
    expect(sent()).toEqual(["attended"]);

    store.chooseRemains(planOptions, idOf(planOptions.remains, "cremated"));
    expect(autosave.getSaveStatus()).toEqual({ state: "saving" });
  });

  it("sends nothing for a change undone before it went, and says saved again", async () => {
    chooseAttendance("attended");
    await vi.runAllTimersAsync();
    const saved = autosave.getSaveStatus();

    chooseAttendance("unattended");
    chooseAttendance("attended");
    expect(autosave.getSaveStatus()).toEqual(saved);
    await vi.runAllTimersAsync();
    expect(sent()).toEqual(["attended"]);
  });

  it("saves a change made while the last save was on its way, after it", async () => {
    let answer: (value: unknown) => void = () => {};
    apiRequest.mockImplementationOnce(
      () => new Promise((resolve) => (answer = () => resolve({ ok: true, data: { plan: { version: 2 } } }))),
    );
    chooseAttendance("attended");
    await vi.advanceTimersByTimeAsync(1500);
    expect(sent()).toEqual(["attended"]);

    chooseAttendance("unattended");
    answer(undefined);
    await vi.runAllTimersAsync();
    expect(sent()).toEqual(["attended", "unattended"]);
    expect(autosave.getSaveStatus()).toMatchObject({ state: "saved" });
  });

  it("says a refused save's words and sends nothing more until the next change", async () => {
    apiRequest.mockImplementation(async () => ({
      ok: false,
      status: 412,
      data: { violations: [{ propertyPath: "plan", title: "Changed elsewhere." }] },
    }));
    chooseAttendance("attended");
    await vi.runAllTimersAsync();
    expect(autosave.getSaveStatus()).toEqual({ state: "failed", message: "Changed elsewhere." });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent()).toEqual(["attended"]);
  });
});
