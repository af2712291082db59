import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ArticleBody } from "./article-body";

describe("ArticleBody", () => {
  it("shows an article's headings, lists, links and tables as plain HTML", () => {
    const { container } = render(
      <ArticleBody
        markdown={[
          "Some **important** words.",
          "## Where to register",
          "### In Scotland",
          "- First\n- Second",
          "Read [registering a death](/funeral-advice/registering-a-death) or [GOV.UK](https://www.gov.uk/after-a-death).",
          "| Cost | Typical range |\n| --- | --- |\n| Crematorium fee | £700 to £1,200 |",
        ].join("\n\n")}
      />,
    );

    expect(screen.getByRole("heading", { level: 2, name: "Where to register" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "In Scotland" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["First", "Second"]);
    expect(screen.getByRole("link", { name: "registering a death" })).toHaveAttribute(
      "href",
      "/funeral-advice/registering-a-death",
    );
    expect(screen.getByRole("link", { name: "GOV.UK" })).toHaveAttribute(
      "href",
      "https://www.gov.uk/after-a-death",
    );
    const table = screen.getByRole("table", { name: "Table: Cost, Typical range" });
    expect(within(table).getByRole("columnheader", { name: "Cost" })).toHaveAttribute("scope", "col");
    expect(within(table).getByRole("rowheader", { name: "Crematorium fee" })).toHaveAttribute("scope", "row");
    expect(within(table).getByRole("cell", { name: "£700 to £1,200" })).toBeInTheDocument();
    expect(container.querySelector("strong")).toHaveTextContent("important");
  });

  it("shows what the API lets an article hold: level 4 headings, quotes, rules, struck-out text and lists in lists", () => {
    const { container } = render(
      <ArticleBody
        markdown={[
          "## Choosing readings",
          "### From faith traditions",
          "#### Christian readings",
          "> Do not stand at my grave and weep.",
          "---",
          "- Poems\n  - *Remember*, by Christina Rossetti\n- Prose, ~~only~~ often chosen",
        ].join("\n\n")}
      />,
    );

    expect(screen.getByRole("heading", { level: 4, name: "Christian readings" })).toBeInTheDocument();
    expect(container.querySelector("blockquote")).toHaveTextContent("Do not stand at my grave and weep.");
    expect(screen.getByRole("separator")).toBeInTheDocument();
    expect(container.querySelector("del")).toHaveTextContent("only");
    const [outer] = screen.getAllByRole("list");
    expect(within(outer as HTMLElement).getAllByRole("list")).toHaveLength(1);
    expect(container.querySelector("ul ul em")).toHaveTextContent("Remember");
  });

  it("never renders raw HTML, images or script links, whatever the Markdown holds", () => {
    const { container } = render(
      <ArticleBody
        markdown={[
          "<script>window.hacked = true</script>",
          'Hello <img src="x" onerror="window.hacked = true"> there',
          '<iframe src="https://example.com"></iframe>',
          "![A picture](/picture.png)",
          "[Click me](javascript:alert(1))",
          '<a href="https://example.com">raw link</a>',
          "# A second title",
        ].join("\n\n")}
      />,
    );

    for (const selector of ["script", "img", "iframe", "h1"]) {
      expect(container.querySelector(selector), selector).toBeNull();
    }
    expect(container.innerHTML).not.toMatch(/onerror|javascript:/i);
    expect(screen.queryByRole("link", { name: "raw link" })).toBeNull();
    const click = screen.getByText("Click me");
    expect(click.closest("a")?.getAttribute("href") ?? "").toBe("");
    expect(container).toHaveTextContent("Hello there");
  });
});
