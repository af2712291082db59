import type { ComponentType } from "react";
import type { JourneyStepHandle } from "@kindred/domain";
import { AdditionalStepScreen } from "./additional-step";
import { AshesStepScreen } from "./ashes-step";
import { AttendanceStepScreen } from "./attendance-step";
import { BurialCremationStepScreen } from "./burial-cremation-step";
import { BurialPlotStepScreen } from "./burial-plot-step";
import { BurialServiceStepScreen } from "./burial-service-step";
import { CelebrantStepScreen } from "./celebrant-step";
import { CoffinStepScreen } from "./coffin-step";
import { CrematoriaStepScreen } from "./crematoria-step";
import { FuneralDirectorStepScreen } from "./funeral-director-step";
import { PallbearersStepScreen } from "./pallbearers-step";
import { SummaryStepScreen } from "./summary-step";
import { TransportationStepScreen } from "./transportation-step";

/**
 * The screen of each journey step, for the route (a server component) to render inside the step
 * page: each is a client module of its own, so a step's page loads only its own screen's code, and
 * its question and options are in the first HTML.
 */
export const stepScreens: Record<JourneyStepHandle, ComponentType> = {
  attendance: AttendanceStepScreen,
  "funeral-director": FuneralDirectorStepScreen,
  "burial-cremation": BurialCremationStepScreen,
  burial: BurialPlotStepScreen,
  "service-burial": BurialServiceStepScreen,
  crematoria: CrematoriaStepScreen,
  celebrant: CelebrantStepScreen,
  pallbearers: PallbearersStepScreen,
  transportation: TransportationStepScreen,
  coffin: CoffinStepScreen,
  ashes: AshesStepScreen,
  additional: AdditionalStepScreen,
  summary: SummaryStepScreen,
};
