"use client";

import { useEffect, useRef } from "react";

/** Whether a step has been shown since this page was loaded (a fresh load keeps the browser's focus). */
let stepShownBefore = false;

/** A new page has shown no step (a test's next page: jsdom's page is never loaded afresh). */
export function forgetStepShown(): void {
  stepShownBefore = false;
}

/**
 * The step's heading. When Continue or Back brings a new step, the page goes back to its top and
 * the heading takes focus, so the new question is on screen and a screen reader reads it first,
 * instead of the browser keeping the old scroll position and focus falling to the page's body.
 */
export function StepHeading({ text, stepKey }: { text: string; stepKey: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!stepShownBefore) {
      stepShownBefore = true;
      return;
    }
    const element = heading.current;
    if (!element) return;
    element.closest(".journey-page")?.scrollIntoView({ block: "start" });
    element.focus({ preventScroll: true });
  }, [stepKey]);
  return (
    <h1 ref={heading} tabIndex={-1} className="step-heading">
      {text}
    </h1>
  );
}
