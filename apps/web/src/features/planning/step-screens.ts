import type { ComponentType } from "react";
import type { JourneyStepHandle } from "@kindred/domain";
import { AdditionalStep } from "./additional-step";
import { AshesStep } from "./ashes-step";
import { AttendanceStep } from "./attendance-step";
import { BurialCremationStep } from "./burial-cremation-step";
import { BurialPlotStep } from "./burial-plot-step";
import { BurialServiceStep } from "./burial-service-step";
import { CelebrantStep } from "./celebrant-step";
import { CoffinStep } from "./coffin-step";
import { CrematoriaStep } from "./crematoria-step";
import { FuneralDirectorStep } from "./funeral-director-step";
import { PallbearersStep } from "./pallbearers-step";
import type { StepScreenProps } from "./step-screen-props";
import { SummaryStep } from "./summary-step";
import { TransportationStep } from "./transportation-step";

/** The screen of each journey step. */
export const stepScreens: Record<JourneyStepHandle, ComponentType<StepScreenProps>> = {
  attendance: AttendanceStep,
  "funeral-director": FuneralDirectorStep,
  "burial-cremation": BurialCremationStep,
  burial: BurialPlotStep,
  "service-burial": BurialServiceStep,
  crematoria: CrematoriaStep,
  celebrant: CelebrantStep,
  pallbearers: PallbearersStep,
  transportation: TransportationStep,
  coffin: CoffinStep,
  ashes: AshesStep,
  additional: AdditionalStep,
  summary: SummaryStep,
};
