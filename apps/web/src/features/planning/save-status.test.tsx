import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SaveStatus as Status } from "./plan-autosave";
import { SaveStatus } from "./save-status";

const now = { status: { state: "idle" } as Status, signedIn: false };
vi.mock("./use-save-status", () => ({ useSaveStatus: () => now.status }));
vi.mock("../../lib/use-signed-in", () => ({ useSignedIn: () => now.signedIn }));

/** The line under each step that says where and when the plan was last saved. */
describe("SaveStatus", () => {
  it("gives a guest the time on their clock as hours and minutes, each of two figures", () => {
    now.status = { state: "saved", at: new Date(2026, 10, 28, 9, 5, 41) };
    now.signedIn = false;
    render(<SaveStatus />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Saved in this browser for now, at 09:05. Create an account to keep your plan for good.",
    );
  });

  it("tells a signed-in person the time on the 24-hour clock", () => {
    now.status = { state: "saved", at: new Date(2026, 10, 28, 23, 40) };
    now.signedIn = true;
    render(<SaveStatus />);
    expect(screen.getByRole("status")).toHaveTextContent("Your plan was saved to your account at 23:40");
  });
});
