import { beforeEach, describe, expect, it, vi } from "vitest";

// Each test loads the store afresh, as a page reload would.
async function loadStore() {
  vi.resetModules();
  return import("./journey-store");
}

beforeEach(() => {
  sessionStorage.clear();
});

describe("journey store", () => {
  it("starts empty when nothing is stored", async () => {
    const store = await loadStore();
    expect(store.getJourneySnapshot()).toEqual({ journeyData: {}, priceData: {} });
  });

  it("picks up the answers stored before a reload", async () => {
    const first = await loadStore();
    first.chooseAttendance({ id: 2, code: "unattended", price: 149_500 });

    const afterReload = await loadStore();
    expect(afterReload.getJourneySnapshot()).toEqual({
      journeyData: { attendance: { option: { id: 2, code: "unattended" } } },
      priceData: { attendance: 149_500 },
    });
  });

  it("ignores stored values that are not what it wrote", async () => {
    sessionStorage.setItem(
      "journeyData",
      JSON.stringify({ attendance: { option: { id: "x", code: "party" } } }),
    );
    sessionStorage.setItem("priceData", "not json");
    const store = await loadStore();
    expect(store.getJourneySnapshot()).toEqual({ journeyData: {}, priceData: {} });
  });

  it("starts the journey again when a different kind of funeral is chosen", async () => {
    sessionStorage.setItem("priceData", JSON.stringify({ attendance: 295_000, coffin: 45_000 }));
    sessionStorage.setItem(
      "journeyData",
      JSON.stringify({ attendance: { option: { id: 1, code: "attended" } } }),
    );
    const reloaded = await loadStore();
    expect(reloaded.getJourneySnapshot().priceData).toEqual({ attendance: 295_000, coffin: 45_000 });

    reloaded.chooseAttendance({ id: 3, code: "privateFarewell", price: 179_500 });
    expect(reloaded.getJourneySnapshot()).toEqual({
      journeyData: { attendance: { option: { id: 3, code: "privateFarewell" } } },
      priceData: { attendance: 179_500 },
    });
  });

  it("tells subscribers about a change", async () => {
    const store = await loadStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribeToJourney(listener);

    store.chooseAttendance({ id: 1, code: "attended", price: 295_000 });
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    store.resetJourney();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getJourneySnapshot()).toEqual({ journeyData: {}, priceData: {} });
  });
});
