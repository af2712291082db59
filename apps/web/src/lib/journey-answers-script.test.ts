// @vitest-environment node
import { describe, expect, it } from "vitest";
import { newVisitorStepScript } from "./journey-answers-script";

/** Runs the head script as a browser would, in a page at `pathname` with this storage. */
function openPage(
  pathname: string,
  session: Record<string, string> = {},
  local: Record<string, string> = {},
) {
  // What the page does, in order: "stop" (window.stop) and each address it is sent to.
  const done: string[] = [];
  const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });
  const location = { pathname, replace: (url: string) => done.push(url) };
  new Function("location", "sessionStorage", "localStorage", "stop", newVisitorStepScript)(
    location,
    storage(session),
    storage(local),
    () => done.push("stop"),
  );
  return done;
}

describe("a journey step opened by a new visitor", () => {
  it("stops the later step's page and sends them to the first step before anything is drawn", () => {
    expect(openPage("/planning/summary")).toEqual(["stop", "/planning/attendance"]);
    expect(openPage("/planning/coffin")).toEqual(["stop", "/planning/attendance"]);
  });

  it("leaves the first step, the start page and every other page alone", () => {
    expect(openPage("/planning/attendance")).toEqual([]);
    expect(openPage("/planning")).toEqual([]);
    expect(openPage("/planning/documents")).toEqual([]);
    expect(openPage("/")).toEqual([]);
  });

  it("leaves a visitor with something to restore to the step page", () => {
    expect(openPage("/planning/summary", { journeyData: '{"attendance":{"id":"a"}}' })).toEqual([]);
    expect(openPage("/planning/summary", {}, { planId: '"plan-1"' })).toEqual([]);
    expect(openPage("/planning/summary", {}, { isUserLoggedIn: "true" })).toEqual([]);
  });
});
