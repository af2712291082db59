import { act, render, renderHook, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ProcessingModal, useProcessingModal, type ProcessingModalController } from "./processing-modal";

/** Renders the modal from the hook and hands the test its controller. */
function renderProcessing() {
  const controller: { current: ProcessingModalController | null } = { current: null };
  function Harness() {
    const processing = useProcessingModal();
    controller.current = processing;
    return <ProcessingModal state={processing.state} onClose={processing.reset} />;
  }
  render(<Harness />);
  return () => {
    if (!controller.current) throw new Error("The harness has not rendered");
    return controller.current;
  };
}

describe("ProcessingModal", () => {
  it("is hidden until shown, then shows its title and a spinner and cannot be closed", async () => {
    const user = userEvent.setup();
    const processing = renderProcessing();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    act(() => processing().show());
    const dialog = screen.getByRole("dialog", { name: "Processing" });
    expect(within(dialog).getByRole("status")).toHaveTextContent("Please wait");
    expect(within(dialog).queryByRole("button", { name: "Close" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: "Processing" })).toHaveFocus();

    await user.keyboard("{Escape}");
    // A click on the dimmed page around the box, which holds it.
    await user.click(dialog.parentElement!);
    expect(screen.getByRole("dialog", { name: "Processing" })).toBeInTheDocument();
    expect(processing().state.open).toBe(true);
  });

  it("can be closed once there is a message, and closing returns it to its defaults", async () => {
    const user = userEvent.setup();
    const processing = renderProcessing();

    act(() => processing().show("Saving your plan"));
    act(() => processing().succeed("Saved!"));
    const dialog = screen.getByRole("dialog", { name: "Saving your plan" });
    expect(within(dialog).getByRole("status")).toHaveTextContent("Saved!");

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(processing().state).toEqual({ open: false, title: "Processing", message: null, errors: [] });
  });

  it("lists the errors, violations as path: title, and closes on Escape", async () => {
    const user = userEvent.setup();
    const processing = renderProcessing();

    act(() => processing().show());
    act(() =>
      processing().fail([
        { propertyPath: "Data", title: "You have no data to save, have you made some selections?" },
        "Fatal error please refresh or contact site admin",
      ]),
    );
    const items = within(screen.getByRole("alert")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Data: You have no data to save, have you made some selections?",
      "Fatal error please refresh or contact site admin",
    ]);
    expect(screen.getByRole("button", { name: "Close" })).toBeInTheDocument();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is hidden by reset, whatever it was showing", () => {
    const processing = renderProcessing();

    act(() => processing().show("Taking payment"));
    expect(screen.getByRole("dialog", { name: "Taking payment" })).toBeInTheDocument();
    act(() => processing().reset());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    act(() => processing().fail(["Something went wrong"]));
    expect(screen.getByRole("dialog", { name: "Processing" })).toBeInTheDocument();
    act(() => processing().reset());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps the same functions from one render to the next", () => {
    const { result, rerender } = renderHook(() => useProcessingModal());
    const first = result.current;
    act(() => result.current.show());
    rerender();
    expect(result.current.show).toBe(first.show);
    expect(result.current.reset).toBe(first.reset);
  });
});
