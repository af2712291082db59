import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Violation } from "@kindred/contracts";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../lib/api-query";
import { useFormFailure } from "./use-form-failure";

/** A form whose Send fails with `refusal`; the email address's error is shown under it. */
function RefusedForm({ refusal }: { refusal: readonly Violation[] | unknown }) {
  const form = useForm<{ email: string }>({ defaultValues: { email: "" } });
  const failure = useFormFailure(form, ["email"]);
  const emailError = form.formState.errors.email?.message;
  return (
    <form>
      {failure.box("We could not send it", <p>Please try again.</p>)}
      <p data-testid="email-error">{emailError}</p>
      <button type="button" onClick={() => failure.fail(refusal)}>
        Send
      </button>
      <button type="button" onClick={failure.clear}>
        Start again
      </button>
    </form>
  );
}

describe("useFormFailure", () => {
  it("puts the first violation about a field under it, and the rest in a box that takes focus", async () => {
    const user = userEvent.setup();
    render(
      <RefusedForm
        refusal={[
          { propertyPath: "email", title: "Enter a real email address" },
          { propertyPath: "email", title: "A second word on the same field" },
          { propertyPath: "plan", title: "The plan is already paid for" },
        ]}
      />,
    );
    expect(screen.queryByRole("alert")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(screen.getByTestId("email-error")).toHaveTextContent("Enter a real email address");
    const box = screen.getByRole("alert");
    expect(box).toHaveTextContent("We could not send itplan: The plan is already paid forPlease try again.");
    expect(box.parentElement).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Start again" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows no box when everything the API said is about a field", async () => {
    const user = userEvent.setup();
    render(<RefusedForm refusal={[{ propertyPath: "email", title: "Enter a real email address" }]} />);

    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(screen.getByTestId("email-error")).toHaveTextContent("Enter a real email address");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows what a mutation threw: the API's refusal, or a request that never arrived", async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <RefusedForm
        refusal={new ApiRequestError(409, [{ propertyPath: "Request", title: "Someone else changed it" }])}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Request: Someone else changed it");
    unmount();

    render(<RefusedForm refusal={new TypeError("Failed to fetch")} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Request: Failed to fetch");
  });

  it("takes focus again when a second attempt fails", async () => {
    const user = userEvent.setup();
    render(<RefusedForm refusal={[{ propertyPath: "plan", title: "The plan is already paid for" }]} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(screen.getByRole("alert").parentElement).toHaveFocus();
  });
});
