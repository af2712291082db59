import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdviceArticleSummary } from "@kindred/contracts";
import { formatPrice } from "@kindred/domain";
import { seededPlanOptions } from "../../test/plan-options-factory";
import { HomePage } from "./home-page";

const article: AdviceArticleSummary = {
  id: 1,
  slug: "direct-cremation-explained",
  title: "Direct cremation explained",
  description: "What a direct cremation is, and when it may be right.",
  category: { slug: "arranging-a-funeral", name: "Arranging a funeral" },
  publishedOn: "2026-10-01",
  updatedOn: "2026-11-01",
  readingMinutes: 6,
  path: "/funeral-advice/direct-cremation-explained",
};

describe("HomePage", () => {
  it("shows each plan with the price of the journey it fills in, and what it includes", () => {
    const { packages } = seededPlanOptions();
    render(<HomePage packages={packages} latestAdvice={[]} />);

    const plans = within(screen.getByRole("region", { name: "Our funeral plans" }));
    for (const planPackage of packages) {
      const card = plans.getByRole("heading", { level: 3, name: planPackage.name }).parentElement!;
      expect(card).toHaveTextContent(formatPrice(planPackage.price));
      expect(card).toHaveTextContent(`${planPackage.coffin.name} coffin`);
    }
    expect(plans.getByRole("link", { name: "Choose a plan, or build your own" })).toHaveAttribute(
      "href",
      "/planning/attendance",
    );
  });

  it("says prices are shown as you plan when the plans could not be read, rather than guessing", () => {
    render(<HomePage packages={null} latestAdvice={null} />);

    const plans = screen.getByRole("region", { name: "Our funeral plans" });
    expect(plans).toHaveTextContent("You will see the price of every choice as you plan");
    expect(plans).not.toHaveTextContent("£");
    expect(screen.queryByRole("region", { name: "Funeral advice" })).not.toBeInTheDocument();
  });

  it("offers the free guide and the latest advice", () => {
    render(<HomePage packages={null} latestAdvice={[article]} />);

    expect(screen.getByRole("link", { name: "Get the free guide" })).toHaveAttribute("href", "/free-guide");
    const advice = within(screen.getByRole("region", { name: "Funeral advice" }));
    expect(advice.getByRole("link", { name: "Direct cremation explained" })).toHaveAttribute(
      "href",
      "/funeral-advice/direct-cremation-explained",
    );
    expect(advice.getByRole("link", { name: "See all our funeral advice" })).toHaveAttribute(
      "href",
      "/funeral-advice",
    );
  });
});
