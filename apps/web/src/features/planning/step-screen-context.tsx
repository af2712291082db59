"use client";

import { createContext, use, type ComponentType } from "react";
import type { StepScreenProps } from "./step-screen-props";

/** What the step page gives the screen of its step (the screen is rendered by the route). */
export const StepScreenContext = createContext<StepScreenProps | null>(null);

/**
 * A step's screen as the route renders it: a component of its own module taking its props from
 * the step page, so the route sends each step only its own screen, already rendered on the server.
 */
export function screenFromContext(Screen: ComponentType<StepScreenProps>): ComponentType {
  function ScreenInStepPage() {
    const props = use(StepScreenContext);
    if (!props) throw new Error("A step's screen is rendered inside its step page");
    return <Screen {...props} />;
  }
  ScreenInStepPage.displayName = `${Screen.name}InStepPage`;
  return ScreenInStepPage;
}
