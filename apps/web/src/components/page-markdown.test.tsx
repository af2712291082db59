import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PageBlocksView } from "./page-blocks-view";
import { blocksAsPlainText, markdownToPageBlocks } from "./page-markdown";

const renderMarkdown = (markdown: string, unsupported: "refuse" | "drop" = "refuse") =>
  render(<PageBlocksView blocks={markdownToPageBlocks(markdown, "test.md", { unsupported })} />);

describe("a page's Markdown", () => {
  it("keeps deeper headings, quotes, rules, struck-out text and line breaks as their own elements", () => {
    const { container } = renderMarkdown(
      [
        "## Costs",
        "### Fees paid to others",
        "#### The crematorium",
        "> Ask for an **itemised** estimate.\n>\n> - in writing",
        "---",
        "The fee was ~~£900~~ £950.  \nIt changes each April.",
      ].join("\n\n"),
    );

    expect(screen.getByRole("heading", { level: 4, name: "The crematorium" })).toHaveAttribute(
      "id",
      "the-crematorium",
    );
    const quote = container.querySelector("blockquote");
    expect(quote).toHaveTextContent("Ask for an itemised estimate.");
    expect(within(quote as HTMLElement).getByRole("listitem")).toHaveTextContent("in writing");
    expect(within(quote as HTMLElement).getByText("itemised").tagName).toBe("STRONG");
    expect(screen.getByRole("separator")).toBeInTheDocument();
    expect(container.querySelector("del")).toHaveTextContent("£900");
    expect(container.querySelector("p:last-of-type br")).not.toBeNull();
  });

  it("puts a list inside a list's item", () => {
    const blocks = markdownToPageBlocks(
      "1. Register the death\n   - in England\n   - in Wales\n2. Book the funeral",
      "test.md",
    );
    render(<PageBlocksView blocks={blocks} />);

    const [outer] = screen.getAllByRole("list");
    expect(outer?.tagName).toBe("OL");
    const items = within(outer as HTMLElement).getAllByRole("listitem");
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      "Register the death",
      "in England",
      "in Wales",
      "Book the funeral",
    ]);
    const inner = within(items[0] as HTMLElement).getByRole("list");
    expect(inner.tagName).toBe("UL");
    expect(within(inner).getAllByRole("listitem")).toHaveLength(2);
    expect(blocksAsPlainText(blocks)).toBe("Register the death\nin England\nin Wales\nBook the funeral");
  });

  it("names a table by its caption, or else by its columns, and each row by its first cell", () => {
    renderMarkdown(
      [
        "Table: What each item is for",
        "| Item | What it is for |\n| --- | --- |\n| `zoom` | Your **text size** |",
        "| Cost | Typical range |\n| --- | --- |\n| **Crematorium fee**: the chapel | £700 to £1,200 |",
      ].join("\n\n"),
    );

    const captioned = screen.getByRole("table", { name: "What each item is for" });
    expect(within(captioned).getByRole("columnheader", { name: "What it is for" })).toHaveAttribute(
      "scope",
      "col",
    );
    expect(within(captioned).getByRole("rowheader", { name: "zoom" })).toHaveAttribute("scope", "row");
    expect(within(captioned).getByText("text size").tagName).toBe("STRONG");

    const named = screen.getByRole("table", { name: "Table: Cost, Typical range" });
    expect(within(named).getByRole("rowheader", { name: "Crematorium fee: the chapel" })).toBeVisible();
    expect(within(named).getByRole("cell", { name: "£700 to £1,200" })).toBeVisible();
  });

  it("refuses what it cannot show when reading our own files", () => {
    const read = (markdown: string) => () => markdownToPageBlocks(markdown, "test.md");
    expect(read("<div>hello</div>")).toThrow(/not supported/);
    expect(read("![A picture](/picture.png)")).toThrow(/"image" is not supported/);
    expect(read("```\ncode\n```")).toThrow(/"code" is not supported/);
    expect(read("- [ ] a task")).toThrow(/a task list is not supported/);
    expect(read("# Another title")).toThrow(/level 1 heading/);
    expect(read("[click](javascript:alert(1))")).toThrow(/neither a page here/);
    expect(read("## Same\n\n## Same")).toThrow(/two headings/);
    expect(read("Table: Orphan\n\nNo table here.")).toThrow(/must come straight before a table/);
  });

  it("leaves it out, keeping its text, when told to drop it", () => {
    const { container } = renderMarkdown(
      [
        "# A second title",
        "## Same",
        "## Same",
        "Hello <em>there</em> [click](javascript:alert(1)) ![A picture](/picture.png)",
        "```\nkept as text\n```",
        "{{displaySettings}}",
      ].join("\n\n"),
      "drop",
    );

    expect(container.querySelector("h1")).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "A second title" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2, name: "Same" }).map((heading) => heading.id)).toEqual([
      "same",
      "same-2",
    ]);
    expect(screen.queryByRole("link")).toBeNull();
    expect(container.querySelector("img, em, pre, code")).toBeNull();
    expect(container).toHaveTextContent("Hello there click");
    expect(container).toHaveTextContent("kept as text");
    expect(container).toHaveTextContent("{{displaySettings}}");
  });
});
