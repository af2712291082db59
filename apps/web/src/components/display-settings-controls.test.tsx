import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { DisplaySettingsControls } from "./display-settings-controls";

afterEach(() => {
  delete document.documentElement.dataset.zoom;
  delete document.documentElement.dataset.contrast;
});

describe("DisplaySettingsControls", () => {
  it("makes the whole page's text larger and remembers the choice", async () => {
    const user = userEvent.setup();
    render(<DisplaySettingsControls />);
    expect(screen.getByRole("button", { name: "100%" })).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: "150%" }));

    expect(document.documentElement).toHaveAttribute("data-zoom", "150");
    expect(JSON.parse(localStorage.getItem("zoom") ?? "null")).toBe(150);
    expect(screen.getByRole("button", { name: "150%" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "100%" })).toHaveAttribute("aria-pressed", "false");
  });

  it("switches high contrast on and off and remembers it", async () => {
    const user = userEvent.setup();
    render(<DisplaySettingsControls />);
    const toggle = screen.getByRole("button", { name: "High contrast" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");

    await user.click(toggle);
    expect(document.documentElement).toHaveAttribute("data-contrast", "high");
    expect(JSON.parse(localStorage.getItem("contrast") ?? "null")).toBe("high");
    expect(toggle).toHaveAttribute("aria-pressed", "true");

    await user.click(toggle);
    expect(document.documentElement).toHaveAttribute("data-contrast", "normal");
    expect(JSON.parse(localStorage.getItem("contrast") ?? "null")).toBe("normal");
  });

  it("starts from the settings stored earlier", () => {
    localStorage.setItem("zoom", JSON.stringify(125));
    localStorage.setItem("contrast", JSON.stringify("high"));
    render(<DisplaySettingsControls />);

    expect(screen.getByRole("button", { name: "125%" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "High contrast" })).toHaveAttribute("aria-pressed", "true");
    expect(document.documentElement).toHaveAttribute("data-zoom", "125");
  });

  it("can be shown twice, on a page that explains them as well as in the header, and both stay in step", async () => {
    const user = userEvent.setup();
    render(
      <>
        <header>
          <DisplaySettingsControls />
        </header>
        <main>
          <DisplaySettingsControls variant="page" />
        </main>
      </>,
    );
    const [header, main] = [screen.getByRole("banner"), screen.getByRole("main")];
    // Only the header's folds away behind a button on phones.
    expect(within(header).getByRole("button", { name: "Text size and contrast" })).toBeInTheDocument();
    expect(within(main).queryByRole("button", { name: "Text size and contrast" })).not.toBeInTheDocument();
    expect(within(header).getByRole("group", { name: "Text size" })).toBeInTheDocument();
    expect(within(main).getByRole("group", { name: "Text size" })).toBeInTheDocument();
    expect(new Set([...document.querySelectorAll("[id]")].map((element) => element.id)).size).toBe(
      document.querySelectorAll("[id]").length,
    );

    await user.click(within(main).getByRole("button", { name: "125%" }));
    expect(within(header).getByRole("button", { name: "125%" })).toHaveAttribute("aria-pressed", "true");
    expect(document.documentElement).toHaveAttribute("data-zoom", "125");
  });
});
