"use client";

import { formatPrice, wishTopics, type ContributionWishTopic, type WishTopic } from "@kindred/domain";
import { MoneyField } from "../../components/money-field";
import { TextAreaField } from "../../components/text-area-field";
import { answer } from "./journey-store";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { stepQuestion } from "./step-text";
import styles from "./additional-step.module.css";
import { screenFromContext } from "./step-screen-context";

/** How each wish is introduced; the question itself comes from the server's step. */
const wishText: Record<WishTopic, { title: string; hint: string; moneyFor?: string }> = {
  stationery: {
    title: "Order of service and stationery",
    hint: "For example, printed orders of service, memorial cards or a book of condolence.",
    moneyFor: "stationery",
  },
  flowers: {
    title: "Flowers",
    hint: "Flowers or colours you love, or whether you would rather people gave to a charity instead.",
    moneyFor: "flowers",
  },
  memorial: {
    title: "Memorial",
    hint: "For example, a headstone, a plaque, a bench, or a tree planted in your memory.",
    moneyFor: "a memorial",
  },
  photoVideo: {
    title: "Photography and video",
    hint: "For example, a photographer, a recording of the service, or streaming it online for people who cannot be there.",
    moneyFor: "photography and video",
  },
  music: {
    title: "Music",
    hint: "Songs or hymns for arriving, during the service and leaving, and whether you would like live musicians.",
    moneyFor: "music",
  },
  readings: {
    title: "Readings",
    hint: "Poems, prayers or passages you would like read, and who you would like to read them.",
  },
  otherRequests: {
    title: "Anything else",
    hint: "Anything else you would like your loved ones to know, such as what people should wear or a charity for donations.",
    moneyFor: "anything else",
  },
};

/**
 * "Record your wishes": stationery, flowers, memorial, photography and video, music, readings
 * and anything else. Every one is optional; money can be set aside for each but readings, and
 * such contributions are not guaranteed like the rest of the plan.
 */
export function AdditionalStep({ planOptions, journey, step, onContinue, continueLabel }: StepScreenProps) {
  const { journeyData } = journey;
  const validation = useStepValidation(() => stepErrors("additional", journeyData, planOptions));
  const flowerIdeas = planOptions.flowerArrangements.filter((arrangement) => arrangement.visible);

  function recordWish(topic: ContributionWishTopic, change: { notes?: string; contribution?: string }) {
    const current = journeyData[topic];
    answer(planOptions, topic, {
      notes: change.notes ?? current?.notes ?? "",
      contribution: change.contribution ?? current?.contribution ?? "",
      isContributionStep: true,
    });
  }

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <div className="inset-text">
        <p>
          <strong>You can leave any of these blank.</strong> Whatever you write here helps your loved ones
          carry out your wishes.
        </p>
        <p>
          You can also set money aside towards a wish. This is called a contribution. Contributions are{" "}
          <strong>not guaranteed</strong> like the rest of your plan: prices may go up, so the money may not
          cover the full cost when the time comes.
        </p>
      </div>
      {wishTopics.map((topic) => {
        const text = wishText[topic];
        const titleId = `${topic}-title`;
        return (
          <section key={topic} className={styles.wish} aria-labelledby={titleId}>
            <h2 className={styles.title} id={titleId}>
              {text.title}
            </h2>
            <p className="hint">{text.hint}</p>
            {topic === "flowers" && flowerIdeas.length > 0 ? (
              <details className={styles.ideas}>
                <summary className={styles.ideasSummary}>Ideas for flowers, with guide prices</summary>
                <p>Guide prices can help you decide how much to set aside. They are not guaranteed.</p>
                <ul className={styles.ideasList}>
                  {flowerIdeas.map((arrangement) => (
                    <li key={arrangement.id}>
                      <strong>{arrangement.name}</strong>, about {formatPrice(arrangement.price)}.{" "}
                      {arrangement.description}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {topic === "readings" ? (
              <TextAreaField
                id="readings-notes"
                label={stepQuestion(step, topic)}
                value={journeyData.readings?.notes ?? ""}
                onChange={(notes) => answer(planOptions, "readings", { notes })}
              />
            ) : (
              <>
                <TextAreaField
                  id={`${topic}-notes`}
                  label={stepQuestion(step, topic)}
                  value={journeyData[topic]?.notes ?? ""}
                  onChange={(notes) => recordWish(topic, { notes })}
                  error={validation.errorFor(`${topic}-notes`)}
                />
                <MoneyField
                  id={`${topic}-contribution`}
                  label={`Money to set aside for ${text.moneyFor ?? text.title.toLowerCase()} (optional)`}
                  hint="A contribution, not guaranteed. In pounds, for example 150 or 75.50."
                  value={journeyData[topic]?.contribution ?? ""}
                  onChange={(contribution) => recordWish(topic, { contribution })}
                  error={validation.errorFor(`${topic}-contribution`)}
                />
              </>
            )}
          </section>
        );
      })}
    </StepForm>
  );
}

/** The screen as its route renders it, inside the step page. */
export const AdditionalStepScreen = screenFromContext(AdditionalStep);
