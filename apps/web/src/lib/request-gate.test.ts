import { describe, expect, it } from "vitest";
import { refusalOf } from "./request-gate";

describe("the web server's request gate", () => {
  it("hands pages and files read with GET or HEAD to Next.js, and writes to the API, token and tunnel", () => {
    expect(refusalOf("GET", "/planning/attendance?from=summary")).toBeUndefined();
    expect(refusalOf("HEAD", "/")).toBeUndefined();
    expect(refusalOf("POST", "/api/plan")).toBeUndefined();
    expect(refusalOf("DELETE", "/api/account")).toBeUndefined();
    expect(refusalOf("POST", "/token")).toBeUndefined();
    expect(refusalOf("POST", "/monitoring")).toBeUndefined();
    expect(refusalOf("GET", "/funeral-advice/what-happens-at-a-cremation")).toBeUndefined();
    expect(refusalOf("GET", "/funeral-advice/caf%C3%A9")).toBeUndefined();
  });

  it("refuses any other method on a page or file with 405 and what it takes", () => {
    for (const method of ["PUT", "PATCH", "DELETE", "PROPFIND", "POST", "OPTIONS"]) {
      expect(refusalOf(method, "/faqs")).toMatchObject({ status: 405, headers: { allow: "GET, HEAD" } });
    }
    expect(refusalOf("POST", "/tokens")).toMatchObject({ status: 405 });
  });

  it("refuses TRACE, TRACK and CONNECT everywhere, the forwarded API too", () => {
    for (const method of ["TRACE", "TRACK", "CONNECT"]) {
      for (const path of ["/", "/api/plan", "/token"]) {
        expect(refusalOf(method, path)?.status, `${method} ${path}`).toBe(405);
      }
    }
  });

  it("refuses an address whose percent-encoding is not UTF-8 with 400", () => {
    expect(refusalOf("GET", "/funeral-advice/%ED%A0%80")).toMatchObject({ status: 400 });
    expect(refusalOf("GET", "/public-documents/%ED%A0%80")).toMatchObject({ status: 400 });
    expect(refusalOf("GET", "/%E0%A4%A")).toMatchObject({ status: 400 });
  });
});
