"use client";

import { useEffect, useState, type MouseEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  isContribution,
  endJourneyStepHandle,
  findById,
  formatPrice,
  journeyPath,
  journeyStepLabels,
  journeyStepPath,
  planSections,
  summarisePrice,
  type JourneyStepHandle,
  type PlanSectionLine,
} from "@kindred/domain";
import { LoadingSpinner } from "../../components/loading-spinner";
import { CallUs } from "../../components/phone-link";
import { useHydrated } from "../../lib/use-hydrated";
import { finishEdit, getJourneySnapshot, startEdit } from "./journey-store";
import { useFuneralDirectorBranch } from "./use-funeral-director-branch";
import type { StepScreenProps } from "./step-screen-props";
import styles from "./summary-step.module.css";
import { screenFromContext } from "./step-screen-context";

type SummaryRow =
  | { kind: "answer"; line: PlanSectionLine; changeable: boolean }
  | { kind: "unanswered"; step: JourneyStepHandle; name: string }
  | { kind: "empty"; step: JourneyStepHandle; name: string };

/** Plain left clicks change the answer here; a click that opens a new tab is left to the browser. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Check your answers: every answer with its price and a Change link (which opens the step in
 * edit mode), the price breakdown, and what happens next. Arriving here ends any edit in
 * progress, so a change is kept whether the person came back by Continue or by Back.
 */
export function SummaryStep({ planOptions, journey, onContinue }: StepScreenProps) {
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const { journeyData } = journey;
  const funeralDirector = useFuneralDirectorBranch(journeyData.funeralDirector?.id ?? null);
  const funeralDirectorName = funeralDirector?.name;
  // Every row comes from this browser's journey, which the server cannot know, and the funeral
  // director's name is asked for: until both are here the answers' place is held, a screen tall,
  // so they appear in it and nothing below moves into view and out again (issue 8: no shift).
  const waiting = !useHydrated() || funeralDirector === undefined;

  useEffect(() => {
    if (getJourneySnapshot().edit) finishEdit();
  }, []);

  const lines = planSections(journeyData, planOptions, {
    funeralDirector: (id) => (id === journeyData.funeralDirector?.id ? funeralDirectorName : undefined),
  });
  const fromPackage = findById(planOptions.packages, journeyData.package?.id);
  // Steps the kind of funeral chose cannot be changed; a package's choices can (it then ends).
  const changeable = (handle: JourneyStepHandle) => !journey.steps[handle].prefilled || Boolean(fromPackage);

  const rowsOf = (handles: readonly JourneyStepHandle[]): SummaryRow[] =>
    handles.flatMap((handle): SummaryRow[] => {
      const stepLines = lines.filter((line) => line.step === handle);
      if (stepLines.length > 0) {
        return stepLines.map((line) => ({ kind: "answer", line, changeable: changeable(handle) }));
      }
      return [
        {
          kind: journey.steps[handle].completed ? "empty" : "unanswered",
          step: handle,
          name: journeyStepLabels[handle],
        },
      ];
    });
  const path = journeyPath(journeyData).filter((handle) => handle !== endJourneyStepHandle);
  const funeralRows = rowsOf(path.filter((handle) => handle !== "additional"));
  const wishRows = rowsOf(path.filter((handle) => handle === "additional"));
  const price = summarisePrice(journey.priceData);

  function change(event: MouseEvent<HTMLAnchorElement>, handle: JourneyStepHandle) {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    startEdit(handle);
    router.push(journeyStepPath(handle));
  }

  function renderRow(row: SummaryRow) {
    if (row.kind !== "answer") {
      const unanswered = row.kind === "unanswered";
      return (
        <div key={`${row.step}-${row.kind}`} className={`summary-list__row ${styles.row}`}>
          <dt className="summary-list__key">{row.name}</dt>
          <dd className={unanswered ? `summary-list__value ${styles.unanswered}` : "summary-list__value"}>
            {unanswered ? "Not answered yet" : "Nothing recorded"}
          </dd>
          <dd className={styles.action}>
            {unanswered ? (
              <Link href={journeyStepPath(row.step)}>
                Answer <span className="visually-hidden">{row.name}</span>
              </Link>
            ) : (
              <a href={journeyStepPath(row.step)} onClick={(event) => change(event, row.step)}>
                Change <span className="visually-hidden">{row.name}</span>
              </a>
            )}
          </dd>
        </div>
      );
    }
    const { line } = row;
    const contribution = isContribution(line);
    return (
      <div key={line.key} className={`summary-list__row ${styles.row}`}>
        <dt className="summary-list__key">{line.title}</dt>
        <dd className="summary-list__value">{line.answer || "No details given"}</dd>
        {line.guaranteed || contribution ? (
          <dd className="summary-list__price">
            {formatPrice(line.price)}
            {contribution ? <span className={styles.notGuaranteed}>Not guaranteed</span> : null}
          </dd>
        ) : null}
        <dd className={styles.action}>
          {row.changeable ? (
            <a href={journeyStepPath(line.step)} onClick={(event) => change(event, line.step)}>
              Change <span className="visually-hidden">{line.title}</span>
            </a>
          ) : (
            <span className={styles.included}>Part of your kind of funeral</span>
          )}
        </dd>
      </div>
    );
  }

  if (waiting) {
    return (
      <div className={styles.waiting}>
        <LoadingSpinner label="Loading your answers…" />
      </div>
    );
  }

  // No form: there is nothing to answer here. The way on to buying is the main button, and saving
  // (the plan is saved as it goes anyway) the second one beside it (issue 25 item 8).
  return (
    <>
      <section className={styles.section} aria-labelledby="summary-funeral-title">
        <h2 id="summary-funeral-title">Your funeral</h2>
        {fromPackage ? (
          <p>
            Your plan started from our <strong>{fromPackage.name}</strong> package.
          </p>
        ) : null}
        <dl className="summary-list">{funeralRows.map(renderRow)}</dl>
      </section>
      {wishRows.length > 0 ? (
        <section className={styles.section} aria-labelledby="summary-wishes-title">
          <h2 id="summary-wishes-title">Your wishes</h2>
          <dl className="summary-list">{wishRows.map(renderRow)}</dl>
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="summary-price-title">
        <h2 id="summary-price-title">Your price</h2>
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt className="summary-list__key">Basic price</dt>
            <dd className="summary-list__price">{formatPrice(price.basic)}</dd>
          </div>
          <div className="summary-list__row">
            <dt className="summary-list__key">Additional</dt>
            <dd className="summary-list__price">{formatPrice(price.additional)}</dd>
          </div>
          {price.contributions > 0 ? (
            <div className="summary-list__row">
              <dt className="summary-list__key">of which contributions (not guaranteed)</dt>
              <dd className="summary-list__price">{formatPrice(price.contributions)}</dd>
            </div>
          ) : null}
          <div className={`summary-list__row ${styles.total}`}>
            <dt className="summary-list__key">Total</dt>
            <dd className="summary-list__price">{formatPrice(price.total)}</dd>
          </div>
        </dl>
        <p>
          The funeral director&apos;s services in your plan are guaranteed: there will be nothing more to pay
          for them.
          {price.contributions > 0
            ? " Contributions are not guaranteed, so they may not cover the full cost in future."
            : ""}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="summary-next-title">
        <h2 id="summary-next-title">What happens next</h2>
        <p>
          Your plan is saved as you go: to your account if you are signed in, and otherwise in this browser
          window until you close it. Nothing has been bought and you have not paid anything: nothing is taken
          until you buy your plan.
        </p>
        <p>
          Buying your plan is the next step. First you read the six documents of your plan, which you can
          download, and accept them; then you give the details of the people in your plan and choose how to
          pay. If you would rather talk anything through first, please call us.
        </p>
        <div className={`button-group ${styles.actions}`}>
          <Link href="/planning/documents" className="button">
            Read your plan documents
          </Link>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setSaved(true);
              onContinue();
            }}
          >
            Save my plan
          </button>
        </div>
        {saved ? (
          <div className="success-box" role="status">
            <p>
              <strong>Your plan is saved.</strong> You can change any answer above, or call us when you are
              ready.
            </p>
          </div>
        ) : null}
        <CallUs className={`call-us ${styles.callUs}`} />
        <p>
          To come back to your plan, sign in to your account from any device. Without an account, keep this
          browser window open and go to <Link href="/planning">Plan your funeral</Link>.
        </p>
      </section>
    </>
  );
}

/** The screen as its route renders it, inside the step page. */
export const SummaryStepScreen = screenFromContext(SummaryStep);
