import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { faqContentOf } from "./faq";
import { FaqGroups } from "./faq-groups";
import { PageBlocksView } from "../../components/page-blocks-view";
import { blocksAsPlainText, markdownToPageBlocks } from "../../components/page-markdown";
import { parseInformationPage } from "./information-page-file";

const page = (body: string) => `---
title: Questions and answers
description: A description long enough for search engines to show beside the page title.
---
${body}`;

describe("an information page's Markdown", () => {
  it("fills in the facts written elsewhere and refuses a name nobody defined", () => {
    const parsed = parseInformationPage(page("Call us on {{supportPhone}}."), "test.md", {
      supportPhone: "0808 157 0192",
    });
    expect(blocksAsPlainText(parsed.blocks)).toBe("Call us on 0808 157 0192.");
    expect(() => parseInformationPage(page("Call {{nobody}}."), "test.md", {})).toThrow(
      "test.md: unknown placeholder {{nobody}}",
    );
  });

  it("reads a placeholder on a line of its own that stands for paragraphs and lists as those blocks", () => {
    const parsed = parseInformationPage(page("It depends.\n\n{{rule}}\n\nCall us."), "test.md", {
      rule: "If you pay in full:\n\n- One.\n\nIf you pay monthly:\n\n- Two.\n- Three.",
    });
    expect(parsed.blocks.map((block) => block.kind)).toEqual([
      "paragraph",
      "paragraph",
      "list",
      "paragraph",
      "list",
      "paragraph",
    ]);
    expect(blocksAsPlainText(parsed.blocks)).toBe(
      "It depends.\n\nIf you pay in full:\n\nOne.\n\nIf you pay monthly:\n\nTwo.\nThree.\n\nCall us.",
    );
  });

  it("links pages of this site, phone numbers and other sites", () => {
    render(
      <PageBlocksView
        blocks={markdownToPageBlocks(
          "Read our [privacy policy](/privacy-policy), call [0808 157 0192](tel:+448081570192) or visit [ico.org.uk](https://ico.org.uk).",
          "test.md",
        )}
      />,
    );
    expect(screen.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy-policy");
    expect(screen.getByRole("link", { name: "0808 157 0192" })).toHaveAttribute("href", "tel:+448081570192");
    expect(screen.getByRole("link", { name: "ico.org.uk" })).toHaveAttribute("href", "https://ico.org.uk");
  });
});

describe("questions and answers", () => {
  const markdown = [
    "Choose a question to see its answer.",
    "## Paying for your plan",
    "### How can I pay?",
    "In full by card, or a deposit and monthly Direct Debit.",
    "### Can I pay monthly?",
    "- Yes, over 12 to 60 months",
    "## Cancelling",
    "### Can I cancel?",
    "Yes, at any time, with no fee.",
  ].join("\n\n");

  it("are read as groups, each question with its answer", () => {
    const content = faqContentOf(markdownToPageBlocks(markdown, "faqs.md"), "faqs.md");
    expect(blocksAsPlainText(content.introduction)).toBe("Choose a question to see its answer.");
    expect(
      content.groups.map((group) => [group.id, group.questions.map((question) => question.question)]),
    ).toEqual([
      ["paying-for-your-plan", ["How can I pay?", "Can I pay monthly?"]],
      ["cancelling", ["Can I cancel?"]],
    ]);
  });

  it("refuse a group with no questions and a question with no answer", () => {
    const read = (text: string) => faqContentOf(markdownToPageBlocks(text, "faqs.md"), "faqs.md");
    expect(() => read("## Paying\n\n## Cancelling\n\n### Can I cancel?\n\nYes.")).toThrow(
      'faqs.md: the group "Paying" has no questions',
    );
    expect(() => read("## Paying\n\n### How can I pay?")).toThrow('faqs.md: "How can I pay?" has no answer');
    expect(() => read("### Orphan?\n\nAn answer.")).toThrow("comes before any group");
  });

  it("show each answer only once its question is opened", async () => {
    const user = userEvent.setup();
    const content = faqContentOf(markdownToPageBlocks(markdown, "faqs.md"), "faqs.md");
    render(<FaqGroups groups={content.groups} />);

    expect(screen.getByRole("heading", { level: 2, name: "Paying for your plan" })).toBeInTheDocument();
    const answer = screen.getByText("Yes, at any time, with no fee.");
    expect(answer).not.toBeVisible();

    await user.click(screen.getByText("Can I cancel?"));
    expect(answer).toBeVisible();
    expect(screen.getByText("In full by card, or a deposit and monthly Direct Debit.")).not.toBeVisible();
  });
});
