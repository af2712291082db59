import { describe, expect, it } from "vitest";
import { authenticatorCodeProblems, messages, staffMay, staffMessages, staffPasswordProblems } from "../src";

describe("what each staff role may do", () => {
  it("lets agents answer calls, finance also handle money, and administrators also run the back office", () => {
    const may = (permission: Parameters<typeof staffMay>[1]) =>
      (["agent", "finance", "administrator"] as const).filter((role) => staffMay(role, permission));
    expect(may("plans.read")).toEqual(["agent", "finance", "administrator"]);
    expect(may("plans.note")).toEqual(["agent", "finance", "administrator"]);
    expect(may("money.refunds")).toEqual(["finance", "administrator"]);
    expect(may("money.missed-payments")).toEqual(["finance", "administrator"]);
    expect(may("staff.manage")).toEqual(["administrator"]);
    expect(may("catalogue.change")).toEqual(["administrator"]);
    expect(may("audit.read")).toEqual(["administrator"]);
  });
});

describe("a member of staff's password and authenticator code", () => {
  it("asks for 12 to 128 characters", () => {
    expect(staffPasswordProblems("")).toEqual([messages.required]);
    expect(staffPasswordProblems("eleven char")).toEqual([staffMessages.staffPasswordTooShort]);
    expect(staffPasswordProblems("twelve chars")).toEqual([]);
    expect(staffPasswordProblems("x".repeat(129))).toEqual([staffMessages.staffPasswordTooLong]);
  });

  it("takes six digits, with spaces between them let go", () => {
    expect(authenticatorCodeProblems("123 456")).toEqual([]);
    expect(authenticatorCodeProblems("12345")).toEqual([staffMessages.authenticatorCodeFormat]);
    expect(authenticatorCodeProblems(" ")).toEqual([messages.required]);
  });
});
