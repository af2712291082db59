import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { RunningPrice } from "./running-price";

function priceShown(label: string): string | null | undefined {
  const panel = screen.getByRole("complementary", { name: "Your price so far" });
  return within(panel).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
}

describe("RunningPrice", () => {
  it("shows the attendance amount as the basic price, everything else as additional, and the total", () => {
    render(<RunningPrice priceData={{ attendance: 295_000, coffin: 45_000, flowers: 12_550 }} />);

    expect(priceShown("Basic price")).toBe("£2,950");
    expect(priceShown("Additional")).toBe("£575.50");
    expect(priceShown("Total")).toBe("£3,525.50");
  });

  it("shows £0 everywhere before anything is chosen", () => {
    render(<RunningPrice priceData={{}} />);

    expect(priceShown("Basic price")).toBe("£0");
    expect(priceShown("Additional")).toBe("£0");
    expect(priceShown("Total")).toBe("£0");
  });

  it("says that contributions are not guaranteed", () => {
    render(<RunningPrice priceData={{ attendance: 149_500 }} />);

    expect(screen.getByText(/contributions.*are not guaranteed/i)).toBeInTheDocument();
  });

  it("opens and closes the breakdown from the bar shown on phones", async () => {
    const user = userEvent.setup();
    render(<RunningPrice priceData={{ attendance: 149_500 }} />);

    const toggle = screen.getByRole("button", { name: "Price breakdown" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-controls", "running-price-details");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});
