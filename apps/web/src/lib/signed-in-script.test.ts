// @vitest-environment node
import { describe, expect, it } from "vitest";
import { signedInScript } from "./signed-in-script";

/** Runs the head script as a browser would, with this local storage; answers <html>'s attributes. */
function openPage(local: Record<string, string>) {
  const attributes: Record<string, string> = {};
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
  };
  const localStorage = { getItem: (key: string) => local[key] ?? null };
  new Function("document", "localStorage", signedInScript)(document, localStorage);
  return attributes;
}

describe("the head script that marks a signed-in page", () => {
  it("marks the page when a customer is signed in in this browser", () => {
    expect(openPage({ isUserLoggedIn: "true" })).toEqual({ "data-signed-in": "" });
  });

  it("leaves the page unmarked for anyone else, and for storage it cannot read", () => {
    expect(openPage({})).toEqual({});
    expect(openPage({ isUserLoggedIn: "false" })).toEqual({});
    expect(openPage({ isUserLoggedIn: "not json" })).toEqual({});
  });
});
