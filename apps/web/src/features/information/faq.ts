import { blocksAsPlainText, type PageBlock } from "../../components/page-markdown";

/**
 * The questions and answers page's Markdown has a shape of its own: a short introduction, then
 * one `##` heading per group, each holding `###` questions with their answers below them.
 */
export interface FaqQuestion {
  id: string;
  question: string;
  answer: PageBlock[];
}

interface FaqGroup {
  id: string;
  title: string;
  questions: FaqQuestion[];
}

export interface FaqContent {
  introduction: PageBlock[];
  groups: FaqGroup[];
}

/** Reads the page's blocks as groups of questions; a group without questions, or a question without an answer, stops the build. */
export function faqContentOf(blocks: readonly PageBlock[], source: string): FaqContent {
  const introduction: PageBlock[] = [];
  const groups: FaqGroup[] = [];
  let group: FaqGroup | undefined;
  let question: FaqQuestion | undefined;
  for (const block of blocks) {
    if (block.kind === "heading" && block.level === 2) {
      group = { id: block.id, title: block.text, questions: [] };
      question = undefined;
      groups.push(group);
    } else if (block.kind === "heading" && block.level === 3) {
      if (!group) throw new Error(`${source}: the question "${block.text}" comes before any group`);
      question = { id: block.id, question: block.text, answer: [] };
      group.questions.push(question);
    } else if (question) {
      question.answer.push(block);
    } else if (!group) {
      introduction.push(block);
    } else {
      throw new Error(`${source}: the group "${group.title}" has text before its first question`);
    }
  }
  for (const each of groups) {
    if (each.questions.length === 0) throw new Error(`${source}: the group "${each.title}" has no questions`);
    for (const { question: text, answer } of each.questions) {
      if (blocksAsPlainText(answer).trim() === "") throw new Error(`${source}: "${text}" has no answer`);
    }
  }
  return { introduction, groups };
}

/** Every question, in the order the page shows them. */
export function allQuestions(content: FaqContent): FaqQuestion[] {
  return content.groups.flatMap((group) => group.questions);
}

/**
 * schema.org's FAQPage for search engines: every question and its answer, as plain text
 * (https://schema.org/FAQPage).
 */
export function faqPageJsonLd(content: FaqContent) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: "en-GB",
    mainEntity: allQuestions(content).map((question) => ({
      "@type": "Question",
      name: question.question,
      acceptedAnswer: { "@type": "Answer", text: blocksAsPlainText(question.answer) },
    })),
  };
}
