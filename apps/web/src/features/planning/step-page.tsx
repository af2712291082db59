"use client";

import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import type { PlanOptionsResponse } from "@kindred/contracts";
import {
  currentStep,
  firstJourneyStepHandle,
  formatPrice,
  hasJourneyStarted,
  isStepReachable,
  journeyStepPath,
  pendingChanges,
  planSections,
  summarisePrice,
  type JourneyStepHandle,
} from "@kindred/domain";
import { BackLink } from "../../components/back-link";
import { isUserLoggedIn } from "../../lib/customer-session";
import { LoadingSpinner } from "../../components/loading-spinner";
import { RunningPrice } from "../../components/running-price";
import { finishEdit, getJourneySnapshot, releasePackage, repriceWith, visitStep } from "./journey-store";
import { startPlanAutosave } from "./plan-autosave";
import { SaveForLater } from "./save-for-later";
import { StepHeading } from "./step-heading";
import { SaveStatus } from "./save-status";
import { StepNavigator } from "./step-navigator";
import { StepScreenContext } from "./step-screen-context";
import { findServerStep, stepHeading, stepHint } from "./step-text";
import { useJourney } from "./use-journey";
import { mayHaveSavedPlan } from "./saved-plan-presence";
import { usePriceChange } from "./use-price-change";
import { useStepNavigation } from "./use-step-navigation";

// Loaded only when shown: the first two with TanStack Query, which a step's first load does not
// carry, and a change in the plan's price, which few people are ever told of (decision 033).
const PlanOptionsFallback = lazy(() => import("./plan-options-fallback"));
const NewPlanNotice = lazy(() =>
  import("./new-plan-notice").then((module) => ({ default: module.NewPlanNotice })),
);
const PriceChangeNotice = lazy(() =>
  import("./price-change-notice").then((module) => ({ default: module.PriceChangeNotice })),
);

interface StepPageProps {
  handle: JourneyStepHandle;
  /** The catalogue the server rendered with; null if it could not be had there. */
  initialPlanOptions?: PlanOptionsResponse | null;
  /** The step's screen (its route names it), which takes its props from this page. */
  children: ReactNode;
}

/**
 * One step of the planning journey: lays out the step's question beside the running price, and
 * sends the person to the furthest step they can reach if this one is not open to them yet.
 * The question and its options are rendered on the server from the catalogue it was given (the
 * journey itself is in this browser, so the server renders it as not yet begun); the person's
 * answers and price then fill the same places, so nothing on the page moves.
 *
 * With the server's catalogue there is no Suspense boundary on the way: the page's question is
 * part of the first HTML React sends, not streamed after a placeholder. A browser reloading the
 * page scrolled down (it restores the place) would otherwise paint the placeholder with the footer
 * in view and then see it pushed away.
 */
export function StepPage({ handle, initialPlanOptions, children }: StepPageProps) {
  if (initialPlanOptions) {
    return (
      <StepWithOptions handle={handle} planOptions={initialPlanOptions}>
        {children}
      </StepWithOptions>
    );
  }
  return (
    <Suspense
      fallback={
        <div className="page-width journey-page journey-page--step">
          <LoadingSpinner label="Loading your plan…" />
        </div>
      }
    >
      <PlanOptionsFallback>
        {(planOptions) => (
          <StepWithOptions handle={handle} planOptions={planOptions}>
            {children}
          </StepWithOptions>
        )}
      </PlanOptionsFallback>
    </Suspense>
  );
}

/** The step drawn from its catalogue; the person's saved plan is restored once it is up. */
function StepWithOptions({
  handle,
  planOptions,
  children,
}: {
  handle: JourneyStepHandle;
  planOptions: PlanOptionsResponse;
  children: ReactNode;
}) {
  const router = useRouter();
  const journey = useJourney();
  const navigation = useStepNavigation(handle);
  const priceChanged = usePriceChange() !== null;
  // Once the saved plan is restored: whether the journey was still empty then (a new plan) for a
  // signed-in person, who may have plans already and is told this one is new.
  const [restored, setRestored] = useState<{ newPlanOfCustomer: boolean } | null>(null);
  const ready = restored !== null;
  const reachable = isStepReachable(journey, handle);

  useEffect(() => {
    repriceWith(planOptions);
    let current = true;
    // The saved plan is read through Query, loaded now rather than with the page, and only when
    // there may be one.
    const restoring = mayHaveSavedPlan()
      ? import("./saved-plan").then(({ restoreJourneyPlanInPage }) => restoreJourneyPlanInPage(planOptions))
      : Promise.resolve();
    void restoring
      .catch((error: unknown) => {
        // Without it the person carries on with the journey this tab holds, as with no saved plan.
        console.warn("Your saved plan could not be restored", error);
      })
      .then(() => {
        if (current) {
          setRestored({ newPlanOfCustomer: isUserLoggedIn() && !hasJourneyStarted(getJourneySnapshot()) });
        }
      });
    return () => {
      current = false;
    };
  }, [planOptions]);

  useEffect(() => {
    if (!ready) return;
    if (reachable) {
      visitStep(handle);
      startPlanAutosave();
    } else {
      router.replace(journeyStepPath(currentStep(journey)));
    }
  }, [ready, reachable, handle, journey, router]);

  const step = findServerStep(planOptions.steps, handle);
  const prefilled = journey.steps[handle].prefilled;
  const changes = summarisePrice(pendingChanges(journey)).total;
  const storedTotal = journey.edit ? summarisePrice(journey.edit.stored.priceData).total : 0;
  const difference = summarisePrice(journey.priceData).total - storedTotal;

  return (
    <div className="page-width journey-page journey-page--step">
      <BackLink href={navigation.backHref} onClick={navigation.isEditing ? finishEdit : undefined} />
      <div className="journey-layout">
        <div className="journey-layout__main">
          <StepNavigator
            journey={journey}
            current={handle}
            serverSteps={planOptions.steps}
            onLeave={navigation.isEditing ? finishEdit : undefined}
          />
          <p className="caption">{navigation.isEditing ? "Changing your plan" : "Planning your funeral"}</p>
          <StepHeading text={stepHeading(step)} stepKey={handle} />
          {stepHint(step) ? <p className="lead">{stepHint(step)}</p> : null}
          {priceChanged ? (
            <Suspense fallback={null}>
              <PriceChangeNotice />
            </Suspense>
          ) : null}
          {handle === firstJourneyStepHandle && restored?.newPlanOfCustomer ? (
            <Suspense fallback={null}>
              <NewPlanNotice />
            </Suspense>
          ) : null}
          {journey.edit && changes !== 0 ? (
            <p className="inset-text" data-testid="pending-change">
              {difference >= 0
                ? `This change adds ${formatPrice(difference)} to your plan.`
                : `This change takes ${formatPrice(-difference)} off your plan.`}{" "}
              It is saved when you go back to the summary.
            </p>
          ) : null}
          {prefilled ? (
            <PrefilledStep
              lines={planSections(journey.journeyData, planOptions).filter((line) => line.step === handle)}
              fromPackage={Boolean(journey.journeyData.package)}
              onChange={() => releasePackage(planOptions)}
              onContinue={navigation.goOn}
            />
          ) : (
            <StepScreenContext
              value={{
                planOptions,
                journey,
                step,
                onContinue: navigation.goOn,
                continueLabel: navigation.continueLabel,
              }}
            >
              {children}
            </StepScreenContext>
          )}
          <SaveForLater />
          <SaveStatus />
        </div>
        <RunningPrice priceData={journey.priceData} />
      </div>
    </div>
  );
}

/** A step chosen for the person: by the kind of funeral, or by a package they can step out of. */
function PrefilledStep({
  lines,
  fromPackage,
  onChange,
  onContinue,
}: {
  lines: { key: string; title: string; answer: string; price: number }[];
  fromPackage: boolean;
  onChange: () => void;
  onContinue: () => void;
}) {
  return (
    <div className="prefilled-step">
      <p>
        {fromPackage
          ? "This has been chosen for you as part of your package."
          : "This is included in the kind of funeral you have chosen, so there is nothing to choose here."}
      </p>
      <dl className="summary-list">
        {lines.map((line) => (
          <div key={line.key} className="summary-list__row">
            <dt className="summary-list__key">{line.title}</dt>
            <dd className="summary-list__value">{line.answer}</dd>
            <dd className="summary-list__price">{formatPrice(line.price)}</dd>
          </div>
        ))}
      </dl>
      {fromPackage ? (
        <p>
          <button type="button" className="button button--secondary" onClick={onChange}>
            Change this choice
          </button>{" "}
          Changing it means your plan is no longer a package; your other choices stay as they are.
        </p>
      ) : null}
      <button type="button" className="button" onClick={onContinue}>
        Continue
      </button>
    </div>
  );
}
