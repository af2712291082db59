import type { LegalDocumentBlock, PlanResponse } from "@kindred/contracts";
import { formatPrice, longUkDate, relationshipInSentence } from "@kindred/domain";
import type { CoveredPersonFacts } from "./document-people";
import type { PlanSlotName, TemplateBlock } from "./markdown-blocks";

/** What a plan document is made from: the plan priced by the one pricing function, and who it is for. */
export interface PlanDocumentFacts {
  priced: Pick<PlanResponse, "sections" | "price">;
  /** The plan's reference; null for a plan not saved yet. */
  reference: string | null;
  madeAt: Date;
  /** Who the plan is for; null until the people are given. */
  coveredPerson: CoveredPersonFacts | null;
  /** The referral code applied to the plan and what it gives (the catalogue's words); null when none was. */
  referral: { code: string; description: string } | null;
}

const ukDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" });

/**
 * The summary must fit one page: long answers (free-text notes), and the rare name or
 * relationship longer than this, are cut short there. The plan details give them whole.
 */
const summaryAnswerLength = 48;
function shortened(answer: string): string {
  return answer.length <= summaryAnswerLength
    ? answer
    : `${answer.slice(0, summaryAnswerLength - 1).trimEnd()}…`;
}

const choiceHeader = ["Choice", "What you chose", "Price"];

/**
 * Who the plan is for, in a sentence across the page rather than a narrow table column, so long
 * names still leave the summary on one page: the person covered and their date of birth and,
 * when someone else is buying it, that it is them. The documents speak to the customer as "you".
 */
function coveredPersonBlock(
  covered: CoveredPersonFacts | null,
  fit: (text: string) => string,
): LegalDocumentBlock {
  if (!covered) {
    return {
      kind: "paragraph",
      content: [{ text: "You tell us who this plan is for, and their date of birth, before you pay." }],
    };
  }
  const name = { text: fit(covered.name), strong: true };
  const born = `, born ${longUkDate(covered.dateOfBirth)}.`;
  const { arrangedBy } = covered;
  if (!arrangedBy)
    return { kind: "paragraph", content: [{ text: "This plan is for you, " }, name, { text: born }] };
  const relationship = relationshipInSentence(fit(arrangedBy.relationship));
  return {
    kind: "paragraph",
    content: [
      { text: "This plan is for " },
      name,
      { text: `${born} It is arranged by you, ${fit(arrangedBy.name)}, for your ${relationship}.` },
    ],
  };
}

function slotBlocks(name: PlanSlotName, facts: PlanDocumentFacts, compact: boolean): LegalDocumentBlock[] {
  const { sections, price } = facts.priced;
  const fit = (text: string) => (compact ? shortened(text) : text);
  const answerOf = (answer: string) => fit(answer) || "-";
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
    case "planCoveredPerson":
      return [coveredPersonBlock(facts.coveredPerson, fit)];
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
    case "planReferral":
      // A section of its own only when a code was applied: nothing at all otherwise.
      return facts.referral
        ? [
            { kind: "heading", level: 2, text: "Referral" },
            {
              kind: "paragraph",
              content: [
                { text: "You used the referral code " },
                { text: facts.referral.code, strong: true },
                { text: " for this plan." },
              ],
            },
            { kind: "paragraph", content: [{ text: facts.referral.description }] },
          ]
        : [];
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
