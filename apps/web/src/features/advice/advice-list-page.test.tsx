import type { AdviceArticleSummary } from "@kindred/contracts";
import { render, screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it, vi } from "vitest";
import { AdviceListPage } from "./advice-list-page";

// next/form needs Next's router to move between results without a reload; here it is the plain
// GET form it becomes without JavaScript.
vi.mock("next/form", () => ({ default: (props: ComponentProps<"form">) => <form {...props} /> }));

function article(
  slug: string,
  title: string,
  overrides: Partial<AdviceArticleSummary> = {},
): AdviceArticleSummary {
  return {
    id: slug.length,
    slug,
    title,
    description: `All about ${title.toLowerCase()}.`,
    category: { slug: "after-a-death", name: "After a death" },
    publishedOn: "2026-11-03",
    updatedOn: "2026-11-18",
    readingMinutes: 5,
    path: `/funeral-advice/${slug}`,
    ...overrides,
  };
}

const articles = [
  article("registering-a-death", "Registering a death"),
  article("first-days", "The first days"),
];

describe("AdviceListPage", () => {
  it("lists the articles as linked cards under a form that searches by GET", () => {
    render(<AdviceListPage articles={articles} search="" category="" />);

    expect(screen.getByRole("heading", { level: 1, name: "Funeral advice" })).toBeInTheDocument();
    const form = screen.getByRole("search", { name: "Funeral advice" });
    expect(form.tagName).toBe("FORM");
    expect(form).toHaveAttribute("action", "/funeral-advice");
    expect(screen.getByRole("searchbox", { name: "Search the advice" })).toHaveAttribute("name", "search");
    expect(screen.getByRole("combobox", { name: "Topic" })).toHaveValue("");
    expect(screen.getByRole("status")).toHaveTextContent("2 articles.");
    const cards = within(screen.getByRole("list", { name: "Articles" })).getAllByRole("heading", {
      level: 2,
    });
    expect(cards.map((card) => card.textContent)).toEqual(["Registering a death", "The first days"]);
    expect(screen.getByRole("link", { name: "Registering a death" })).toHaveAttribute(
      "href",
      "/funeral-advice/registering-a-death",
    );
    expect(screen.getAllByText(/5 minute read/)[0]).toHaveTextContent(
      "5 minute read · . Updated 18 November 2026",
    );
    expect(screen.queryByRole("link", { name: "Show all articles" })).toBeNull();
  });

  it("keeps the search and topic chosen, says what was found, and offers the way back to all", () => {
    render(<AdviceListPage articles={articles.slice(0, 1)} search="green form" category="after-a-death" />);

    expect(screen.getByRole("searchbox", { name: "Search the advice" })).toHaveValue("green form");
    expect(screen.getByRole("combobox", { name: "Topic" })).toHaveValue("after-a-death");
    expect(screen.getByRole("status")).toHaveTextContent("1 article about “green form” in After a death.");
    expect(screen.getByRole("link", { name: "Show all articles" })).toHaveAttribute(
      "href",
      "/funeral-advice",
    );
  });

  it("says kindly when nothing matches", () => {
    render(<AdviceListPage articles={[]} search="zebra" category="" />);

    expect(screen.getByRole("status")).toHaveTextContent("No articles about “zebra”.");
    expect(screen.queryByRole("list", { name: "Articles" })).toBeNull();
    expect(screen.getByText(/Try a different or shorter word/)).toBeInTheDocument();
  });

  it("explains a search that was too long, beside the box, and ignores an unknown topic", () => {
    const tooLong = "a".repeat(120);
    render(
      <AdviceListPage
        articles={articles}
        search={tooLong}
        category="recipes"
        searchProblem="Please search for 100 characters or fewer."
      />,
    );

    const box = screen.getByRole("searchbox", { name: "Search the advice" });
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription("Error: Please search for 100 characters or fewer.");
    expect(screen.getByRole("combobox", { name: "Topic" })).toHaveValue("");
    expect(screen.getByRole("status")).toHaveTextContent("2 articles.");
  });
});
