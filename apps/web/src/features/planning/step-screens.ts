import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { JourneyStepHandle } from "@kindred/domain";
import type { StepScreenProps } from "./step-screen-props";

type StepScreen = LazyExoticComponent<ComponentType<StepScreenProps>>;

/** A screen loaded when its step is first shown, so a step page carries only its own screen. */
function screen(load: () => Promise<ComponentType<StepScreenProps>>): StepScreen {
  return lazy(() => load().then((component) => ({ default: component })));
}

/** The screen of each journey step. */
export const stepScreens: Record<JourneyStepHandle, StepScreen> = {
  attendance: screen(() => import("./attendance-step").then((module) => module.AttendanceStep)),
  "funeral-director": screen(() =>
    import("./funeral-director-step").then((module) => module.FuneralDirectorStep),
  ),
  "burial-cremation": screen(() =>
    import("./burial-cremation-step").then((module) => module.BurialCremationStep),
  ),
  burial: screen(() => import("./burial-plot-step").then((module) => module.BurialPlotStep)),
  "service-burial": screen(() => import("./burial-service-step").then((module) => module.BurialServiceStep)),
  crematoria: screen(() => import("./crematoria-step").then((module) => module.CrematoriaStep)),
  celebrant: screen(() => import("./celebrant-step").then((module) => module.CelebrantStep)),
  pallbearers: screen(() => import("./pallbearers-step").then((module) => module.PallbearersStep)),
  transportation: screen(() => import("./transportation-step").then((module) => module.TransportationStep)),
  coffin: screen(() => import("./coffin-step").then((module) => module.CoffinStep)),
  ashes: screen(() => import("./ashes-step").then((module) => module.AshesStep)),
  additional: screen(() => import("./additional-step").then((module) => module.AdditionalStep)),
  summary: screen(() => import("./summary-step").then((module) => module.SummaryStep)),
};
