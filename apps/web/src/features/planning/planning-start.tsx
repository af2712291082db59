"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import {
  currentStep,
  endJourneyStepHandle,
  firstJourneyStepHandle,
  formatPrice,
  hasJourneyStarted,
  journeyStepLabels,
  journeyStepPath,
  summarisePrice,
} from "@kindred/domain";
import { CallUs } from "../../components/phone-link";
import { resetJourney } from "./journey-store";
import { planQueries } from "../../lib/plan-queries";
import { PriceChangeNotice } from "./price-change-notice";
import { NewPlanNotice } from "./new-plan-notice";
import { restoreJourneyPlan } from "./saved-plan";
import { forgetSavedPlan } from "./plan-autosave";
import { useHydrated } from "../../lib/use-hydrated";
import { useJourney } from "./use-journey";
import { mayHaveSavedPlan } from "./saved-plan-presence";
import styles from "./planning-start.module.css";

/**
 * The journey's front door (/planning): someone who has begun is offered to carry on where
 * they left off, or to start again after saying they are sure; someone new is told what to
 * expect. The journey lives in this browser: the server renders the new visitor's page.
 */
export function PlanningStart() {
  const hydrated = useHydrated();
  const journey = useJourney();
  const restored = useSavedPlanRestored(hydrated);

  // The server renders the page a new visitor sees; a journey begun in this browser (or restored
  // from a saved plan) then takes its place, in a column of the same size.
  const begun = hydrated && restored && hasJourneyStarted(journey);
  return (
    <div className={`page-width plain-page ${styles.content}`}>
      {begun ? <ContinuePlanning /> : <StartPlanning restored={hydrated && restored} />}
    </div>
  );
}

/**
 * With nothing in this tab, a saved plan is fetched first: a signed-in person's, or the plan a
 * guest saved in another tab of this browser.
 */
function useSavedPlanRestored(hydrated: boolean): boolean {
  const queryClient = useQueryClient();
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (!hydrated) return;
    let current = true;
    const finish = () => {
      if (current) setRestored(true);
    };
    if (!mayHaveSavedPlan()) {
      finish();
    } else {
      void queryClient
        .fetchQuery(planQueries.options())
        .then((planOptions) => restoreJourneyPlan(queryClient, planOptions))
        .catch(() => {})
        .then(finish);
    }
    return () => {
      current = false;
    };
  }, [hydrated, queryClient]);
  return restored;
}

/** `restored`: the saved plan has been looked for; someone with plans already is told this is a new one. */
function StartPlanning({ restored }: { restored: boolean }) {
  return (
    <>
      <h1>Plan your funeral</h1>
      <p className="lead">
        We will ask you about the funeral you would like, one question on each page: the kind of funeral, the
        funeral director, the coffin and your other wishes.
      </p>
      {restored ? <NewPlanNotice /> : null}
      <ul className={styles.points}>
        <li>It takes about 10 minutes.</li>
        <li>The price of each choice is shown before you choose it, and your total updates as you go.</li>
        <li>You can go back and change any answer, and stop whenever you like.</li>
        <li>There is nothing to pay today.</li>
      </ul>
      <Link href={journeyStepPath(firstJourneyStepHandle)} className="button button--start">
        Start planning
      </Link>
      <h2 className={styles.help}>If you would rather talk it through</h2>
      <CallUs className="call-us" />
    </>
  );
}

function ContinuePlanning() {
  const router = useRouter();
  const journey = useJourney();
  const [confirming, setConfirming] = useState(false);
  const confirmArea = useRef<HTMLDivElement>(null);
  const startAgainButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const step = currentStep(journey);
  const total = summarisePrice(journey.priceData).total;

  // Focus follows the question: to it when it opens, back to the button when it is dismissed.
  useEffect(() => {
    if (confirming) confirmArea.current?.focus();
    else if (wasConfirming.current) startAgainButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  function startAgain() {
    resetJourney();
    forgetSavedPlan();
    router.push(journeyStepPath(firstJourneyStepHandle));
  }

  return (
    <>
      <h1>Your funeral plan</h1>
      <p className="lead">Welcome back. The answers you have given so far are kept on this device.</p>
      <PriceChangeNotice />
      <p>
        {step === endJourneyStepHandle ? (
          <>You have answered every question. All that is left is to check your plan.</>
        ) : (
          <>
            You got as far as: <strong>{journeyStepLabels[step]}</strong>.
          </>
        )}{" "}
        Your price so far is <strong>{formatPrice(total)}</strong>.
      </p>
      <Link href={journeyStepPath(step)} className="button button--start">
        Continue where you left off
      </Link>

      <h2 className={styles.help}>Or start again</h2>
      {confirming ? (
        <div
          className={styles.confirm}
          ref={confirmArea}
          tabIndex={-1}
          role="group"
          aria-labelledby="start-again-title"
        >
          <h3 id="start-again-title" className={styles.confirmTitle}>
            Are you sure you want to start a new plan?
          </h3>
          <p>This clears every answer you have given on this device. You cannot undo it.</p>
          <div className={styles.actions}>
            <button type="button" className="button" onClick={startAgain}>
              Yes, clear my answers and start again
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              No, keep my plan
            </button>
          </div>
        </div>
      ) : (
        <>
          <p>Starting a new plan clears the answers you have given so far.</p>
          <button
            type="button"
            className="button button--secondary"
            ref={startAgainButton}
            onClick={() => setConfirming(true)}
          >
            Start a new plan
          </button>
        </>
      )}
      <h2 className={styles.help}>If you would rather talk it through</h2>
      <CallUs className="call-us" />
    </>
  );
}
