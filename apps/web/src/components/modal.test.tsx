import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "./modal";

/** A page with a button that opens a modal holding a small form. */
function Page({ onClose = () => {}, withControls = true }: { onClose?: () => void; withControls?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open the question
      </button>
      <Modal
        open={open}
        title="Save your plan"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <p>Text that cannot take focus.</p>
        {withControls ? (
          <>
            <label htmlFor="email">Email address</label>
            <input id="email" />
            <button type="button">Save</button>
          </>
        ) : null}
      </Modal>
      <button type="button">After</button>
    </>
  );
}

/** The dimmed page around the box, which holds it. */
function backdropOf(dialog: HTMLElement): HTMLElement {
  const backdrop = dialog.parentElement;
  if (!backdrop) throw new Error("The dialog has no backdrop");
  return backdrop;
}

async function openModal(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  await user.click(screen.getByRole("button", { name: "Open the question" }));
  return { user, dialog: screen.getByRole("dialog", { name: "Save your plan" }) };
}

describe("Modal", () => {
  it("opens as a modal named by its title, with focus on its first control", async () => {
    const { dialog } = await openModal();

    // The page behind is out of reach of assistive technology while it is open.
    expect(screen.queryByRole("button", { name: "Before" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: "Save your plan" })).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Email address" })).toHaveFocus();
  });

  it("puts focus on its title when there is nothing to fill in", async () => {
    const { dialog } = await openModal({ withControls: false });

    expect(within(dialog).getByRole("heading", { name: "Save your plan" })).toHaveFocus();
  });

  it("keeps Tab inside: from the last control to the first, and Shift+Tab from the first to the last", async () => {
    const { user, dialog } = await openModal();
    const close = within(dialog).getByRole("button", { name: "Close" });
    const email = within(dialog).getByRole("textbox", { name: "Email address" });
    const save = within(dialog).getByRole("button", { name: "Save" });

    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(email).toHaveFocus();

    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    await user.tab({ shift: true });
    expect(email).toHaveFocus();
  });

  it("keeps Tab inside when focus is on the title", async () => {
    const { user, dialog } = await openModal({ withControls: false });
    const close = within(dialog).getByRole("button", { name: "Close" });

    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });

  it("closes on Escape, tells the page, and gives focus back to the button that opened it", async () => {
    const onClose = vi.fn();
    const { user } = await openModal({ onClose });

    await user.keyboard("{Escape}");

    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open the question" })).toHaveFocus();
  });

  it("closes on a click outside the box, on the backdrop", async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openModal({ onClose });

    await user.click(backdropOf(dialog));

    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open the question" })).toHaveFocus();
  });

  it("stays open on a click inside the box", async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openModal({ onClose });

    await user.click(within(dialog).getByText("Text that cannot take focus."));
    await user.click(within(dialog).getByRole("heading", { name: "Save your plan" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Save your plan" })).toBeInTheDocument();
  });

  it("closes with its Close button and gives focus back", async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openModal({ onClose });

    await user.click(within(dialog).getByRole("button", { name: "Close" }));

    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open the question" })).toHaveFocus();
  });

  it("stops the page behind from scrolling while it is open", async () => {
    const { user } = await openModal();
    expect(getComputedStyle(document.body).overflow).toBe("hidden");

    await user.keyboard("{Escape}");
    expect(getComputedStyle(document.body).overflow).not.toBe("hidden");
  });

  it("cannot be closed while it is not dismissible", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Modal open title="Processing" onClose={onClose} dismissible={false}>
        <p>Please wait.</p>
      </Modal>,
    );
    const dialog = screen.getByRole("dialog", { name: "Processing" });

    expect(within(dialog).queryByRole("button", { name: "Close" })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.click(backdropOf(dialog));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("sets two columns side by side for a twin modal, with an intro across both", () => {
    render(
      <Modal
        open
        title="Sign in or create an account"
        type="twin"
        size="sign-in"
        onClose={() => {}}
        intro={<p>Welcome back.</p>}
      >
        <section aria-label="Sign in">One</section>
        <section aria-label="Create an account">Two</section>
      </Modal>,
    );
    const dialog = screen.getByRole("dialog", { name: "Sign in or create an account" });
    const signIn = within(dialog).getByRole("region", { name: "Sign in" });
    const register = within(dialog).getByRole("region", { name: "Create an account" });

    expect(signIn.parentElement).toBe(register.parentElement);
    expect(within(dialog).getByText("Welcome back.").parentElement).not.toBe(signIn.parentElement);
  });
});
