import type { LegalDocumentBlock, PlanResponse } from "@kindred/contracts";
import { formatPrice } from "@kindred/domain";
import type { PlanSlotName, TemplateBlock } from "./markdown-blocks";

/** What a plan document is made from: the plan priced by the one pricing function, and who it is. */
export interface PlanDocumentFacts {
  priced: Pick<PlanResponse, "sections" | "price">;
  /** The plan's reference; null for a plan not saved yet. */
  reference: string | null;
  madeAt: Date;
}

const ukDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" });

/** The summary must fit one page: long answers (free-text notes) are cut short there. */
const summaryAnswerLength = 48;
function shortened(answer: string): string {
  return answer.length <= summaryAnswerLength
    ? answer
    : `${answer.slice(0, summaryAnswerLength - 1).trimEnd()}…`;
}

const choiceHeader = ["Choice", "What you chose", "Price"];

function slotBlocks(name: PlanSlotName, facts: PlanDocumentFacts, compact: boolean): LegalDocumentBlock[] {
  const { sections, price } = facts.priced;
  const answerOf = (answer: string) => (compact ? shortened(answer) : answer) || "-";
  const priceOf = (pence: number, guaranteed: boolean) =>
    pence === 0 && guaranteed ? "Included" : formatPrice(pence);
  const guaranteedTotal = price.total - price.contributions;
  const choiceTable = (
    lines: PlanDocumentFacts["priced"]["sections"],
    whenNone: string,
    footer: string[],
  ): LegalDocumentBlock =>
    lines.length === 0
      ? { kind: "paragraph", content: [{ text: whenNone }] }
      : {
          kind: "table",
          header: choiceHeader,
          rows: lines.map((line) => [
            line.title,
            answerOf(line.answer),
            priceOf(line.price, line.guaranteed),
          ]),
          footer,
        };
  switch (name) {
    case "planFacts":
      return [
        {
          kind: "table",
          header: [],
          rows: [
            ["Plan reference", facts.reference ?? "Not saved yet"],
            ["Date of this document", ukDate.format(facts.madeAt)],
            ["Total price", formatPrice(price.total)],
          ],
        },
      ];
    case "planGuaranteed":
      return [
        choiceTable(
          sections.filter((line) => line.guaranteed),
          "You have not made any choices yet.",
          ["Guaranteed total", "", formatPrice(guaranteedTotal)],
        ),
      ];
    case "planContributions":
      return [
        choiceTable(
          sections.filter((line) => !line.guaranteed),
          "Your plan holds no contributions.",
          ["Contributions total (not guaranteed)", "", formatPrice(price.contributions)],
        ),
      ];
    case "planTotal":
      return [
        {
          kind: "table",
          header: [],
          rows: [
            ["Guaranteed", formatPrice(guaranteedTotal)],
            ["Contributions (not guaranteed)", formatPrice(price.contributions)],
          ],
          footer: ["Total price of your plan", formatPrice(price.total)],
        },
      ];
  }
}

/**
 * A document's blocks for one plan: each slot replaced by the plan's figures. The summary
 * (`compact`) cuts long answers short so it stays on one page; the details give them whole.
 * Every figure comes from the priced plan; nothing is added up here except the guaranteed part,
 * which is the total less the contributions.
 */
export function fillPlanSlots(
  blocks: readonly TemplateBlock[],
  facts: PlanDocumentFacts | null,
  { compact = false }: { compact?: boolean } = {},
): LegalDocumentBlock[] {
  return blocks.flatMap((block) => {
    if (block.kind !== "slot") return [block];
    if (!facts) throw new Error(`{{${block.name}}} is only for plan documents`);
    return slotBlocks(block.name, facts, compact);
  });
}
