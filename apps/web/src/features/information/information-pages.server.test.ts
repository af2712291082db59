// @vitest-environment node
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  atNeedPhone,
  firmDetails,
  formatPrice,
  purchaseMessages,
  refundDeadlineInWords,
  supportPhone,
  whenTheTimeComesExplained,
} from "@kindred/domain";
import { describe, expect, it } from "vitest";
import { cookieConsentKey } from "../../lib/cookie-consent";
import { replaySessionKey } from "../../lib/error-reporting";
import { localStorageKeys, sessionStorageKeys } from "../../lib/storage";
import { serviceProviderKinds, thirdPartyKinds } from "../../lib/third-parties";

const { contentDirectory, informationPageSlugs, loadFaqs, loadInformationPage } =
  await import("./information-pages.server");
const { allQuestions, faqPageJsonLd } = await import("./faq");
const { jsonForScript } = await import("../../components/json-ld");
const { blocksAsPlainText } = await import("../../components/page-markdown");

const directory = contentDirectory();
const paymentTerms = JSON.parse(
  readFileSync(path.join(directory, "catalogue", "payment-terms.json"), "utf8"),
) as {
  depositChoicesPence: number[];
  terms: { months: number; chargePence: number }[];
  minimumInstalmentPence: number;
  moratoriumMonths: number;
  referral: { rewardPence: number; description: string };
};

/** Everything a page says, as one string. */
function textOf(slug: (typeof informationPageSlugs)[number]): string {
  return blocksAsPlainText(loadInformationPage(slug).blocks);
}

describe("the questions and answers", () => {
  const faqs = loadFaqs();
  const questions = allQuestions(faqs);

  it("holds at least 20 questions in groups, none empty, each with an answer", () => {
    expect(questions.length).toBeGreaterThanOrEqual(20);
    expect(faqs.groups.length).toBeGreaterThanOrEqual(5);
    for (const group of faqs.groups) {
      expect(group.title.length).toBeGreaterThan(2);
      expect(group.questions.length).toBeGreaterThan(0);
    }
    for (const question of questions) {
      expect(question.question).toMatch(/\?$/);
      expect(blocksAsPlainText(question.answer).length).toBeGreaterThan(40);
    }
    const ids = [...faqs.groups.map((group) => group.id), ...questions.map((question) => question.id)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives search engines every question and answer as plain text (schema.org FAQPage)", () => {
    const jsonLd = JSON.parse(jsonForScript(faqPageJsonLd(faqs))) as {
      "@context": string;
      "@type": string;
      mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[];
    };
    expect(jsonLd["@context"]).toBe("https://schema.org");
    expect(jsonLd["@type"]).toBe("FAQPage");
    expect(jsonLd.mainEntity.map((entity) => entity.name)).toEqual(
      questions.map((question) => question.question),
    );
    for (const entity of jsonLd.mainEntity) {
      expect(entity["@type"]).toBe("Question");
      expect(entity.acceptedAnswer["@type"]).toBe("Answer");
      expect(entity.acceptedAnswer.text.length).toBeGreaterThan(40);
      // Plain text: no Markdown marks, no placeholders, no HTML.
      expect(entity.acceptedAnswer.text).not.toMatch(/\*\*|\{\{|\}\}|<[a-z]|\]\(/);
    }
    const cancelling = jsonLd.mainEntity.find((entity) => entity.name === "Can I cancel my plan?");
    expect(cancelling?.acceptedAnswer.text).toContain(
      purchaseMessages.cancellationStatement(supportPhone.display),
    );
    expect(cancelling?.acceptedAnswer.text).toContain(`it came from ${refundDeadlineInWords}`);
    // What happens at a death, in the domain's words, for search engines too.
    const death = jsonLd.mainEntity.find(
      (entity) => entity.name === "What if the person covered dies before the plan is paid in full?",
    );
    for (const each of [
      ...whenTheTimeComesExplained({ option: "full" }, paymentTerms.moratoriumMonths),
      ...whenTheTimeComesExplained({ option: "deposit" }, paymentTerms.moratoriumMonths),
    ]) {
      expect(death?.acceptedAnswer.text).toContain(each.text);
    }
  });

  it("says what happens if the person covered dies in the domain's words, for paying in full and by instalments", () => {
    const death = questions.find(
      (question) => question.question === "What if the person covered dies before the plan is paid in full?",
    );
    expect(death).toBeDefined();
    const bullets = (death?.answer ?? []).flatMap((block) =>
      block.kind === "list" ? [blocksAsPlainText([block]).split("\n")] : [],
    );
    expect(bullets).toEqual([
      whenTheTimeComesExplained({ option: "full" }, paymentTerms.moratoriumMonths).map((each) => each.text),
      whenTheTimeComesExplained({ option: "deposit" }, paymentTerms.moratoriumMonths).map(
        (each) => each.text,
      ),
    ]);
    const answer = blocksAsPlainText(death?.answer ?? []);
    expect(answer).toContain(`in the first ${paymentTerms.moratoriumMonths} months`);
    expect(answer).toContain(supportPhone.display);
  });

  it("promises nothing the rule at a death does not: no paying the rest for every term, no guarantee only once paid in full", () => {
    const everything = [
      blocksAsPlainText(faqs.introduction),
      ...questions.map((question) => `${question.question}\n${blocksAsPlainText(question.answer)}`),
    ].join("\n");
    expect(everything).not.toMatch(
      /pay what is still owed|pay the rest|only guaranteed once|guaranteed once the plan is paid in full/i,
    );
    expect(everything).toContain(refundDeadlineInWords);
  });

  it("says how to tell us of a death: the line answered day and night, and the form online", () => {
    for (const asked of [
      "How do I tell you that someone has died?",
      "What should my family do when I die?",
    ]) {
      const question = questions.find((each) => each.question === asked);
      expect(question, asked).toBeDefined();
      const answer = JSON.stringify(question?.answer);
      expect(answer).toContain(atNeedPhone.display);
      expect(answer).toContain(`tel:${atNeedPhone.dial}`);
      expect(answer).toContain(atNeedPhone.hours);
      expect(answer).toContain('"href":"/notify-a-death"');
    }
  });

  it("cannot end a script element early, whatever an answer says", () => {
    expect(jsonForScript({ text: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });

  it("quotes the catalogue's payment terms, so the answers match what is offered", () => {
    const paying = textOf("faqs");
    for (const deposit of paymentTerms.depositChoicesPence) expect(paying).toContain(formatPrice(deposit));
    for (const term of paymentTerms.terms) {
      expect(paying).toContain(
        `over ${term.months} months: ${term.chargePence === 0 ? "no extra charge" : `${formatPrice(term.chargePence)} extra`}`,
      );
    }
    expect(paying).toContain(`at least ${formatPrice(paymentTerms.minimumInstalmentPence)}`);
    expect(paying).toContain(paymentTerms.referral.description);
    // The worked example adds up: £4,000 with a £500 deposit over 24 months, plus that term's charge.
    const charge = paymentTerms.terms.find((term) => term.months === 24)?.chargePence ?? 0;
    expect(paying).toContain(`you would pay ${formatPrice(400_000 + charge)} in all`);
  });
});

describe("every information page", () => {
  it.each(informationPageSlugs)("%s has a title, a description and no placeholder left unfilled", (slug) => {
    const page = loadInformationPage(slug);
    expect(page.title.length).toBeGreaterThan(2);
    expect(page.description.length).toBeGreaterThanOrEqual(50);
    expect(JSON.stringify(page.blocks)).not.toMatch(/\{\{(?!displaySettings\}\})/);
  });

  it("gives the one support phone number and the firm's one email address", () => {
    for (const slug of informationPageSlugs) {
      const blocks = JSON.stringify(loadInformationPage(slug).blocks);
      expect(blocks).toContain(supportPhone.display);
      expect(blocks).toContain(`tel:${supportPhone.dial}`);
    }
    expect(textOf("supportneeds")).toContain(firmDetails.email);
    expect(textOf("privacy-policy")).toContain(firmDetails.email);
  });
});

describe("the extra support page", () => {
  it("has a place for the text size and contrast controls", () => {
    const slots = loadInformationPage("supportneeds").blocks.filter((block) => block.kind === "slot");
    expect(slots).toEqual([{ kind: "slot", name: "displaySettings" }]);
  });
});

describe("the cookie policy", () => {
  const policy = loadInformationPage("cookie-policy");

  it("explains every item the site keeps in the browser's storage, the cookie choice too", () => {
    const named = new Set(
      JSON.stringify(policy.blocks)
        .match(/"text":"(\w+)","code":true/g)
        ?.map((match) => match.replace(/^"text":"|","code":true$/g, "")),
    );
    for (const key of [...localStorageKeys, ...sessionStorageKeys, cookieConsentKey, replaySessionKey]) {
      expect(named, key).toContain(key);
    }
  });

  it("names every kind of third party the site can be set up with, as the banner does", () => {
    const text = blocksAsPlainText(policy.blocks);
    for (const kind of Object.values(thirdPartyKinds)) expect(text).toContain(kind);
  });
});

describe("the privacy policy", () => {
  const policy = loadInformationPage("privacy-policy");
  const text = blocksAsPlainText(policy.blocks);

  it("says when it was last updated and who the controller is", () => {
    expect(policy.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(text).toContain(firmDetails.legalName);
    expect(text).toContain(firmDetails.icoRegistrationNumber);
  });

  it("sends people to the cookie policy for what the site keeps in the browser", () => {
    expect(JSON.stringify(policy.blocks)).toContain('"href":"/cookie-policy"');
  });

  it("names as companies that provide services to us exactly those the code has, and no others", () => {
    const item = text.split("\n").find((line) => line.startsWith("companies that provide services to us"));
    const [always, ifAgreed] = item!
      .slice(item!.indexOf(": ") + 2)
      .split("; and, only if you agree to their cookies, ");
    const named = (list: string | undefined) =>
      list!
        .replace(/\s*\([^)]*\)/g, "")
        .split(/, | and /)
        .map((name) => name.trim());
    expect(named(always)).toEqual([...serviceProviderKinds]);
    expect(named(ifAgreed)).toEqual(Object.values(thirdPartyKinds));
  });

  it("says error reports are sent whatever the cookie choice, and what waits for agreement", () => {
    expect(text).toContain("We do this whatever your cookie choices");
    expect(text).toContain("Only if you agree to cookies for visitor measurement");
  });

  it("tells people how to complain to the ICO", () => {
    expect(text).toContain("ico.org.uk");
    expect(text).toContain("0303 123 1113");
  });
});
