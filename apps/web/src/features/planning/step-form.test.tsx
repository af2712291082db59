import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { StepForm, useStepValidation } from "./step-form";

function NameForm({ onContinue }: { onContinue: () => void }) {
  const [name, setName] = useState("");
  const validation = useStepValidation(() =>
    name.length === 1 || name === "" ? [{ fieldId: "name", text: "Enter at least 2 characters" }] : [],
  );
  return (
    <StepForm validation={validation} onContinue={onContinue}>
      <label htmlFor="name">Name</label>
      <input id="name" value={name} onChange={(event) => setName(event.target.value)} />
    </StepForm>
  );
}

describe("StepForm", () => {
  it("focuses the error summary after each failed Continue, not while the person types", async () => {
    const user = userEvent.setup();
    const onContinue = vi.fn();
    render(<NameForm onContinue={onContinue} />);

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("alert")).toHaveFocus();

    await user.click(screen.getByRole("textbox", { name: "Name" }));
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Al");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.keyboard("{Backspace}");

    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("alert")).toHaveFocus();
    expect(onContinue).not.toHaveBeenCalled();

    await user.click(screen.getByRole("textbox", { name: "Name" }));
    await user.keyboard("ex");
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Aex");

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledOnce();
  });
});
