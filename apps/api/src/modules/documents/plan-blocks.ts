import type { LegalDocumentBlock, PlanResponse } from "@kindred/contracts";
import {
  isContribution,
  atNeedPhone,
  formatPrice,
  longUkDate,
  relationshipInSentence,
  supportPhone,
  type PaymentSchedule,
  ukToday,
} from "@kindred/domain";
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
  /** How the plan is paid for, once a way is chosen: the payments' own schedule; null before. */
  schedule: PaymentSchedule | null;
  /** When the plan was bought; null while it is not. A bought plan's documents say what follows. */
  boughtAt: Date | null;
}

/** A moment's UK day in words: "15 July 2026" for 23:30 UTC on 14 July in summer. */
const ukDate = (moment: Date) => longUkDate(ukToday(moment));

const choiceHeader = ["Choice", "What you chose", "Price"];

/**
 * Who the plan is for, in a sentence across the page rather than a narrow table column: the person
 * covered and their date of birth and, when someone else is buying it, that it is them. The
 * documents speak to the customer as "you". Names and the customer's own words are given whole.
 */
function coveredPersonBlock(covered: CoveredPersonFacts | null): LegalDocumentBlock {
  if (!covered) {
    return {
      kind: "paragraph",
      content: [{ text: "You tell us who this plan is for, and their date of birth, before you pay." }],
    };
  }
  const name = { text: covered.name, strong: true };
  const born = `, born ${longUkDate(covered.dateOfBirth)}.`;
  const { arrangedBy } = covered;
  if (!arrangedBy)
    return { kind: "paragraph", content: [{ text: "This plan is for you, " }, name, { text: born }] };
  // "for your mother" where the words allow it; otherwise the person's own words, quoted, so
  // "my mother" or "a friend" never reads "for your my mother".
  const relationship = relationshipInSentence(arrangedBy.relationship);
  const arranged = relationship
    ? `It is arranged by you, ${arrangedBy.name}, for your ${relationship}.`
    : `It is arranged by you, ${arrangedBy.name}; you told us they are \u201c${arrangedBy.relationship.trim()}\u201d.`;
  return {
    kind: "paragraph",
    content: [{ text: "This plan is for " }, name, { text: `${born} ${arranged}` }],
  };
}

/**
 * When the monthly payments are taken and what each is: "from 11 December 2026 to 11 November
 * 2027: £52.50 each" or, when the pennies that do not divide go on the first, "…: the first
 * £52.59, then 59 of £52.50".
 */
function instalmentDates(instalments: PaymentSchedule["instalments"]): string {
  const [first, second] = instalments;
  const last = instalments.at(-1);
  if (!first || !last) return "";
  const amounts =
    !second || first.amount === second.amount
      ? `${formatPrice(first.amount)} each`
      : `the first ${formatPrice(first.amount)}, then ${instalments.length - 1} of ${formatPrice(second.amount)}`;
  return `from ${longUkDate(first.date)} to ${longUkDate(last.date)}: ${amounts}`;
}

/**
 * How the plan is paid for, once a way is chosen: in full, or the deposit, the charge for paying
 * by instalments, the monthly payments and everything payable. The details (not `compact`) give
 * them as a table and list every instalment with its date; the summary, which is kept to one
 * page, says the same in a paragraph.
 */
function paymentBlocks(schedule: PaymentSchedule | null, compact: boolean): LegalDocumentBlock[] {
  if (!schedule) return [];
  const heading: LegalDocumentBlock = { kind: "heading", level: 2, text: "How you pay" };
  const { instalments } = schedule;
  if (schedule.option === "full" || instalments.length === 0) {
    return [
      heading,
      {
        kind: "paragraph",
        content: [{ text: `You pay the whole price, ${formatPrice(schedule.totalPayable)}, by card.` }],
      },
    ];
  }
  const monthly = instalments.length === 1 ? "1 monthly payment" : `${instalments.length} monthly payments`;
  const byInstalments = formatPrice(schedule.totalPayable - schedule.payNow);
  if (compact) {
    return [
      heading,
      {
        kind: "paragraph",
        content: [
          {
            text: `You pay a deposit of ${formatPrice(schedule.payNow)} by card, then ${monthly} by Direct Debit, ${byInstalments} in all, ${instalmentDates(instalments)}. The charge for paying by instalments is ${formatPrice(schedule.instalmentCharge)}. `,
          },
          { text: `Total payable: ${formatPrice(schedule.totalPayable)}.`, strong: true },
        ],
      },
    ];
  }
  return [
    heading,
    {
      kind: "table",
      header: [],
      rows: [
        ["Price of your plan", formatPrice(schedule.planPrice)],
        ["Charge for paying by instalments", formatPrice(schedule.instalmentCharge)],
        ["Deposit, paid by card", formatPrice(schedule.payNow)],
        [`${monthly} by Direct Debit`, byInstalments],
      ],
      footer: ["Total payable", formatPrice(schedule.totalPayable)],
    },
    {
      kind: "paragraph",
      content: [{ text: `The monthly payments are taken ${instalmentDates(instalments)}.` }],
    },
    {
      kind: "table",
      header: ["Payment", "Date", "Amount"],
      rows: instalments.map((instalment) => [
        `${instalment.number} of ${instalments.length}`,
        longUkDate(instalment.date),
        formatPrice(instalment.amount),
      ]),
    },
  ];
}

/**
 * What happens next: before the plan is bought, the steps to buy it; once it is bought, what
 * follows and how to reach us, never "read and accept, pay" again.
 */
function nextStepBlocks(boughtAt: Date | null): LegalDocumentBlock[] {
  const steps = boughtAt
    ? [
        `You bought this plan on ${ukDate(boughtAt)}. Keep this document with your other plan documents, and tell your family or your representative where they are.`,
        "We tell your funeral director about your plan, so they are ready when the time comes.",
        `To ask about your plan or change anything, sign in to your account or call us free on ${supportPhone.display} (${supportPhone.hours}).`,
        `When the person covered dies, whoever is arranging the funeral calls us on ${atNeedPhone.display}, ${atNeedPhone.hours}.`,
      ]
    : [
        "Read and accept each of the six documents.",
        "Tell us about you, the person covered, your representative and who will pay.",
        "Pay in full, or pay a deposit and the rest by Direct Debit.",
        "We send you your plan documents, and your funeral director is told about your plan.",
      ];
  return [{ kind: "list", ordered: true, items: steps.map((text) => [{ text }]) }];
}

/** "kind of funeral, coffin and ashes": titles as they read inside a sentence. */
function inSentence(titles: readonly string[]): string {
  const lowered = titles.map((title) => title.charAt(0).toLowerCase() + title.slice(1));
  return lowered.length <= 1
    ? (lowered[0] ?? "")
    : `${lowered.slice(0, -1).join(", ")} and ${lowered.at(-1) ?? ""}`;
}

/**
 * What the plan provides in a few lines (the plan statement, FPCOB 9 Annex 3's "brief summary of
 * what is included in, and excluded from, the plan and where further information can be found"):
 * what is guaranteed, by the name of each choice, with the guaranteed total; each contribution
 * that holds money, with its amount and the total; what is not included; and where every choice
 * is set out in full. The choices' own answers (which may hold the customer's notes) are in the
 * plan details; a summary that quoted them could run to any length.
 */
function providesBlocks({ sections, price }: PlanDocumentFacts["priced"]): LegalDocumentBlock[] {
  const guaranteed = sections.filter((line) => line.guaranteed && line.key !== "funeralDirectorBranch");
  const contributions = sections.filter(isContribution);
  const blocks: LegalDocumentBlock[] = [
    {
      kind: "paragraph",
      content: [
        { text: `Guaranteed (${formatPrice(price.total - price.contributions)}): `, strong: true },
        {
          text: `your funeral director's services${guaranteed.length > 0 ? ` and your choice of ${inSentence(guaranteed.map((line) => line.title))}` : ""}, however much prices rise. Your plan details, in your account, list them in full.`,
        },
      ],
    },
  ];
  if (contributions.length > 0) {
    blocks.push({
      kind: "paragraph",
      content: [
        { text: `Contributions, not guaranteed (${formatPrice(price.contributions)}): `, strong: true },
        {
          text: `${inSentence(contributions.map((line) => `${line.title} ${formatPrice(line.price)}`))}. If these cost more, your family pays the difference.`,
        },
      ],
    });
  }
  blocks.push({
    kind: "paragraph",
    content: [
      { text: "Not included: ", strong: true },
      {
        text: "anything not in your plan details, or bringing the person covered home from abroad.",
      },
    ],
  });
  return blocks;
}

function slotBlocks(name: PlanSlotName, facts: PlanDocumentFacts, compact: boolean): LegalDocumentBlock[] {
  const { sections, price } = facts.priced;
  // Every answer whole, in every document: a long one wraps, and the summary runs on if it must.
  const answerOf = (answer: string) => answer || "-";
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
            ["Date of this document", ukDate(facts.madeAt)],
            ["Total price", formatPrice(price.total)],
          ],
        },
      ];
    case "planCoveredPerson":
      return [coveredPersonBlock(facts.coveredPerson)];
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
    case "planProvides":
      return providesBlocks(facts.priced);
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
    case "planPayments":
      return paymentBlocks(facts.schedule, compact);
    case "planNextSteps":
      return nextStepBlocks(facts.boughtAt);
  }
}

/**
 * A document's blocks for one plan: each slot replaced by the plan's figures. Every answer is
 * given whole; the summary (`compact`) gives the instalments in a line where the details list them.
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
