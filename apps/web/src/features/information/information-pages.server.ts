import "server-only";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  formatPrice,
  longestMoratoriumMonths,
  paymentSchedule,
  textPlaceholders,
  ukToday,
  type PaymentTerms,
} from "@kindred/domain";
import { z } from "zod";
import { faqContentOf, type FaqContent } from "./faq";
import { parseInformationPage, type InformationPage } from "./information-page-file";

/**
 * Reads the information pages from `content/pages/` when the site is built (the pages are
 * static), and fills in the facts written once elsewhere: the phone number and hours
 * (contact-details), who we are (firm-details), the cancellation statement (messages), how a
 * plan may be paid for (the catalogue's `payment-terms.json`), what happens if the person covered
 * dies and how soon a refund is paid (the domain's `textPlaceholders`). A
 * change to any of them needs a new build of the web app to reach these pages.
 */

export const informationPageSlugs = [
  "faqs",
  "supportneeds",
  "privacy-policy",
  "cookie-policy",
  "complaints",
  "accessibility",
] as const;
export type InformationPageSlug = (typeof informationPageSlugs)[number];

/**
 * The repository's `content/` folder: the web app runs from `apps/web` (`npm run build`,
 * `npm start`), the tests from the repository's root.
 */
export function contentDirectory(start: string = process.cwd()): string {
  for (const candidate of [path.join(start, "content"), path.join(start, "..", "..", "content")]) {
    if (existsSync(path.join(candidate, "pages"))) return candidate;
  }
  throw new Error(`No content/pages folder found from ${start}`);
}

/** The parts of `content/catalogue/payment-terms.json` these pages quote. */
const paymentTermsFileSchema = z.object({
  depositChoicesPence: z.array(z.int().positive()).min(1),
  terms: z.array(z.object({ months: z.int().positive(), chargePence: z.int().nonnegative() })).min(1),
  minimumInstalmentPence: z.int().positive(),
  moratoriumMonths: z.int().min(1).max(longestMoratoriumMonths),
  referral: z.object({ rewardPence: z.int().nonnegative(), description: z.string().min(10) }),
});
type PaymentTermsFile = z.infer<typeof paymentTermsFileSchema>;

function readPaymentTerms(directory: string): PaymentTermsFile {
  const file = path.join(directory, "catalogue", "payment-terms.json");
  const parsed = paymentTermsFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** "£250, £500 or £1,000". */
function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** A worked example of paying by instalments, from the catalogue's own terms and the one schedule. */
function instalmentExample(file: PaymentTermsFile): string {
  const terms: PaymentTerms = {
    depositChoices: file.depositChoicesPence,
    terms: file.terms.map((term) => ({ months: term.months, charge: term.chargePence })),
    minimumInstalment: file.minimumInstalmentPence,
    moratoriumMonths: file.moratoriumMonths,
  };
  const planPrice = 400_000;
  const deposit = file.depositChoicesPence.includes(50_000) ? 50_000 : (file.depositChoicesPence[0] ?? 0);
  const term = terms.terms.find((each) => each.charge > 0) ?? terms.terms[0];
  if (!term) throw new Error("payment-terms.json offers no terms");
  const schedule = paymentSchedule(
    planPrice,
    { option: "deposit", deposit, months: term.months },
    terms,
    ukToday(),
  );
  const [first, second] = schedule.instalments;
  const monthly =
    first && second && first.amount !== second.amount
      ? `${schedule.instalments.length} monthly payments of ${formatPrice(second.amount)} (the first is ${formatPrice(first.amount)})`
      : `${schedule.instalments.length} monthly payments of ${formatPrice(first?.amount ?? 0)}`;
  const charge =
    term.charge > 0
      ? `With the ${formatPrice(term.charge)} charge for paying over ${term.months} months, you would pay ${formatPrice(schedule.totalPayable)} in all.`
      : `You would pay ${formatPrice(schedule.totalPayable)} in all.`;
  return `For example, on a plan costing ${formatPrice(planPrice)}, with a ${formatPrice(deposit)} deposit and the rest over ${term.months} months, you would pay ${formatPrice(deposit)} now and then ${monthly}. ${charge}`;
}

/** What `{{name}}` in a page (or a fixed legal document shown as one) stands for. */
export function informationPagePlaceholders(directory: string): Record<string, string> {
  const paymentTerms = readPaymentTerms(directory);
  return {
    ...textPlaceholders({ moratoriumMonths: paymentTerms.moratoriumMonths }),
    depositChoices: inWords(paymentTerms.depositChoicesPence.map(formatPrice)),
    instalmentTerms: inWords(paymentTerms.terms.map((term) => String(term.months))),
    instalmentTermsList: paymentTerms.terms
      .map(
        (term) =>
          `- over ${term.months} months: ${term.chargePence === 0 ? "no extra charge" : `${formatPrice(term.chargePence)} extra in all`}`,
      )
      .join("\n"),
    minimumInstalment: formatPrice(paymentTerms.minimumInstalmentPence),
    instalmentExample: instalmentExample(paymentTerms),
    referralReward: formatPrice(paymentTerms.referral.rewardPence),
    referralDescription: paymentTerms.referral.description,
  };
}

/**
 * The site's own pages, read once per process: the files ship with the deployment, and every
 * page is rendered per request (docs/decisions/021), so reading them again would repeat the work.
 */
const loadedPages = new Map<InformationPageSlug, InformationPage>();

/** One page, read and checked: a page that breaks a rule stops the build, naming the file. */
export function loadInformationPage(slug: InformationPageSlug, directory?: string): InformationPage {
  if (directory !== undefined) return readInformationPage(slug, directory);
  let page = loadedPages.get(slug);
  if (!page) {
    page = readInformationPage(slug, contentDirectory());
    loadedPages.set(slug, page);
  }
  return page;
}

function readInformationPage(slug: InformationPageSlug, directory: string): InformationPage {
  const file = path.join(directory, "pages", `${slug}.md`);
  return parseInformationPage(
    readFileSync(file, "utf8"),
    `content/pages/${slug}.md`,
    informationPagePlaceholders(directory),
  );
}

/** The questions and answers page, as its groups of questions. */
export function loadFaqs(directory?: string): InformationPage & FaqContent {
  const page = loadInformationPage("faqs", directory);
  return { ...page, ...faqContentOf(page.blocks, "content/pages/faqs.md") };
}
