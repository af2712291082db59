import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormField, FormFieldset } from "./form-field";

function NameField({ hint, error }: { hint?: string; error?: string | readonly string[] }) {
  return (
    <FormField
      id="name"
      label="Your name"
      hint={hint}
      error={error}
      beforeInput={<span>Before</span>}
      afterInput={<button type="button">After</button>}
    >
      {(describedBy, hasError) => (
        <input id="name" aria-describedby={describedBy} aria-invalid={hasError ? true : undefined} />
      )}
    </FormField>
  );
}

describe("FormField", () => {
  it("labels the control and describes it by its hint, with nothing said to be wrong", () => {
    render(<NameField hint="As on your passport" />);

    const box = screen.getByRole("textbox", { name: "Your name" });
    expect(box).toHaveAccessibleDescription("As on your passport");
    expect(box).not.toHaveAttribute("aria-invalid");
    expect(document.querySelector(".form-group--error")).toBeNull();
  });

  it("reads out what is wrong after the hint, marks the group and puts the slots around the control", () => {
    render(<NameField hint="As on your passport" error="Enter your name" />);

    const box = screen.getByRole("textbox", { name: "Your name" });
    expect(box).toHaveAccessibleDescription("As on your passport Error: Enter your name");
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box.closest(".form-group")).toHaveClass("form-group--error");
    const group = box.closest(".form-group");
    expect(group?.textContent).toBe("Your nameAs on your passportBeforeAfterError: Enter your name");
  });

  it("lists several problems one under another, each read out as an error", () => {
    render(<NameField error={["Enter your first name", "Enter your last name"]} />);

    expect(screen.getByRole("textbox", { name: "Your name" })).toHaveAccessibleDescription(
      "Error: Enter your first name Error: Enter your last name",
    );
    const lines = document.getElementById("name-error")?.querySelectorAll("p") ?? [];
    expect(Array.from(lines, (line) => line.textContent)).toEqual([
      "Error: Enter your first name",
      "Error: Enter your last name",
    ]);
  });

  it("says what is wrong above the control when asked to", () => {
    render(
      <FormField id="postcode" label="Postcode" error="Enter a postcode" errorPlacement="above">
        {(describedBy) => <input id="postcode" aria-describedby={describedBy} />}
      </FormField>,
    );

    const box = screen.getByRole("textbox", { name: "Postcode" });
    const error = document.getElementById("postcode-error");
    expect(error?.compareDocumentPosition(box)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(box).toHaveAccessibleDescription("Error: Enter a postcode");
  });
});

describe("FormFieldset", () => {
  it("asks the question in its legend and describes the group by its hint and what is wrong", () => {
    render(
      <FormFieldset id="colour" legend="Which colour?" hint="Choose one" error="Choose a colour">
        <input type="radio" id="colour" name="colour" aria-label="Blue" />
      </FormFieldset>,
    );

    const group = screen.getByRole("group", { name: "Which colour?" });
    expect(group).toHaveAccessibleDescription("Choose one Error: Choose a colour");
    expect(group.closest(".form-group")).toHaveClass("form-group--error");
    expect(group.textContent).toBe("Which colour?Choose oneError: Choose a colour");
  });

  it("is described by nothing when it has no hint and nothing is wrong", () => {
    render(
      <FormFieldset id="colour" legend="Which colour?">
        <input type="radio" id="colour" name="colour" aria-label="Blue" />
      </FormFieldset>,
    );

    expect(screen.getByRole("group", { name: "Which colour?" })).not.toHaveAttribute("aria-describedby");
  });
});
