import type { AttendanceCode, RemainsCode } from "./catalogue";
import {
  basicCoffin,
  defaultOption,
  findById,
  type JourneyCatalogue,
  type JourneyCataloguePackage,
} from "./journey-catalogue";
import { defaultContribution, type JourneyData, type JourneyTopic } from "./journey-data";
import { isOnPath, journeyPath } from "./journey-path";
import {
  burialOnlyStepHandles,
  cremationOnlyStepHandles,
  isJourneyStepHandle,
  journeyStepHandles,
  stepOfTopic,
  stepTopics,
  type JourneyStepHandle,
} from "./journey-steps";
import {
  clearedStepFlags,
  initialJourneyState,
  isStepEditable,
  refreshDerivedFlags,
  repriceJourney,
  type JourneyState,
  type StepFlagsMap,
} from "./journey-state";
import type { Pence } from "./money";
import { summarisePrice, UnknownStepError } from "./price-data";

/** The steps a package marks prefilled. Attendance stays open: it is where a package is chosen. */
export const packageStepHandles: readonly JourneyStepHandle[] = [
  "burial-cremation",
  "crematoria",
  "celebrant",
  "pallbearers",
  "transportation",
  "coffin",
  "ashes",
];

function settle(state: JourneyState, catalogue: JourneyCatalogue): JourneyState {
  return refreshDerivedFlags(repriceJourney(state, catalogue));
}

function withFlags(
  steps: StepFlagsMap,
  handles: readonly JourneyStepHandle[],
  change: Partial<StepFlagsMap[JourneyStepHandle]>,
): StepFlagsMap {
  const next = { ...steps };
  for (const handle of handles) next[handle] = { ...next[handle], ...change };
  return next;
}

/** A fresh journey that keeps an edit in progress, so choosing again in edit mode is still an edit. */
function restart(state: JourneyState): JourneyState {
  return { ...initialJourneyState(), edit: state.edit };
}

function markEdited(state: JourneyState, handle: JourneyStepHandle): StepFlagsMap {
  return state.edit ? withFlags(state.steps, [handle], { edited: true }) : state.steps;
}

/**
 * Choosing the kind of funeral starts the journey again. Unattended and private farewell then
 * prefill the default crematory, the basic coffin and the default transport for the person who
 * has died (coffin and transport become prefilled); a private farewell also prefills the
 * default ashes treatment.
 */
export function chooseAttendance(
  state: JourneyState,
  catalogue: JourneyCatalogue,
  attendanceId: number,
): JourneyState {
  const option = findById(catalogue.attendance, attendanceId);
  if (!option) return state;
  const code = option.code as AttendanceCode;
  const fresh = restart(state);
  const journeyData: JourneyData = { attendance: { option: { id: option.id, code } } };
  let steps = withFlags(fresh.steps, ["attendance"], { visited: true, edited: Boolean(state.edit) });

  if (code === "unattended" || code === "privateFarewell") {
    const coffin = basicCoffin(catalogue);
    const transport = defaultOption(catalogue.transportationForTheDeceasedTypes);
    journeyData.crematoria = { id: catalogue.defaultCrematory.id };
    if (coffin) journeyData.coffin = { id: coffin.id };
    if (transport) {
      journeyData.deceaseTransportation = {
        transportationType: transport.id,
        notes: "",
        contribution: defaultContribution,
      };
    }
    steps = withFlags(steps, ["coffin", "transportation"], { prefilled: true });
    if (code === "privateFarewell") {
      const ashes = defaultOption(catalogue.ashesTreatmentTypes);
      if (ashes) journeyData.ashes = { treatmentType: ashes.id, notes: "" };
      steps = withFlags(steps, ["ashes"], { prefilled: true });
    }
  }
  return settle({ ...fresh, journeyData, steps }, catalogue);
}

/** The answers a package gives: everything it holds, in the journey payload's own shape. */
export function packageJourney(chosen: JourneyCataloguePackage): JourneyData {
  return {
    package: { id: chosen.id },
    attendance: { option: { id: chosen.attendance.id, code: chosen.attendance.code as AttendanceCode } },
    burialCremation: { option: { id: chosen.remains.id, code: chosen.remains.code as RemainsCode } },
    ...(chosen.crematory ? { crematoria: { id: chosen.crematory.id } } : {}),
    celebrant: { celebrant: chosen.celebrant.id, notes: "" },
    pallbearers: { pallbearerType: chosen.pallbearers.id, notes: "", contribution: defaultContribution },
    deceaseTransportation: {
      transportationType: chosen.deceaseTransportation.id,
      notes: "",
      contribution: defaultContribution,
    },
    attendeesTransportation: {
      selectedTransportationTypes: chosen.attendeesTransportation.map(({ transportationType, quantity }) => ({
        transportationType: {
          id: transportationType.id,
          name: transportationType.name,
          price: transportationType.price,
        },
        quantity,
      })),
      notes: "",
      contribution: defaultContribution,
    },
    coffin: { id: chosen.coffin.id },
    ...(chosen.ashes ? { ashes: { treatmentType: chosen.ashes.id, notes: "" } } : {}),
  };
}

/**
 * Choosing a package starts the journey again with everything the package holds, and marks
 * those of its steps that are on the package's path prefilled (a burial package has no
 * crematorium or ashes to prefill).
 */
export function choosePackage(
  state: JourneyState,
  catalogue: JourneyCatalogue,
  packageId: number,
): JourneyState {
  const chosen = findById(catalogue.packages, packageId);
  if (!chosen) return state;
  const fresh = restart(state);
  const journeyData = packageJourney(chosen);
  const path = journeyPath(journeyData);
  let steps = withFlags(fresh.steps, ["attendance"], { visited: true, edited: Boolean(state.edit) });
  steps = withFlags(
    steps,
    packageStepHandles.filter((handle) => path.includes(handle)),
    { prefilled: true },
  );
  return settle({ ...fresh, journeyData, steps }, catalogue);
}

/**
 * A package's advertised price: the total of the journey it prefills, priced by the same
 * function that prices any journey.
 */
export function packagePrice(catalogue: JourneyCatalogue, packageId: number): Pence {
  return summarisePrice(choosePackage(initialJourneyState(), catalogue, packageId).priceData).total;
}

/**
 * Lets the person change a choice a package made: the package ends, its choices stay as
 * ordinary answers the person can change.
 */
export function releasePackage(state: JourneyState, catalogue: JourneyCatalogue): JourneyState {
  if (!state.journeyData.package) return state;
  const steps = withFlags(state.steps, packageStepHandles, { prefilled: false, visited: true });
  return settle({ ...state, journeyData: { ...state.journeyData, package: null }, steps }, catalogue);
}

function withoutTopics(journeyData: JourneyData, handles: readonly JourneyStepHandle[]): JourneyData {
  const next = { ...journeyData };
  for (const handle of handles) for (const topic of stepTopics[handle]) delete next[topic as JourneyTopic];
  return next;
}

/**
 * Burial or cremation: choosing one clears the other branch's answers and step flags. With a
 * package, cremation keeps the package's ashes choice (it is on the cremation branch).
 */
export function chooseRemains(
  state: JourneyState,
  catalogue: JourneyCatalogue,
  remainsId: number,
): JourneyState {
  const option = findById(catalogue.remains, remainsId);
  if (
    !option ||
    !isStepEditable(state, "burial-cremation") ||
    !isOnPath(state.journeyData, "burial-cremation")
  ) {
    return state;
  }
  const code = option.code as RemainsCode;
  const otherBranch = code === "buried" ? cremationOnlyStepHandles : burialOnlyStepHandles;
  const journeyData = withoutTopics(state.journeyData, otherBranch);
  journeyData.burialCremation = { option: { id: option.id, code } };
  const changed = state.journeyData.burialCremation?.option.id !== option.id;
  let steps = withFlags(state.steps, otherBranch, clearedStepFlags);
  steps = withFlags(steps, ["burial-cremation"], {
    visited: true,
    ...(state.edit && changed ? { edited: true } : {}),
  });
  return settle({ ...state, journeyData, steps }, catalogue);
}

/**
 * Records an answer on any other step. A prefilled step cannot be changed; a personalised
 * procession is only for attended funerals.
 */
export function answer<Topic extends Exclude<JourneyTopic, "attendance" | "burialCremation" | "package">>(
  state: JourneyState,
  catalogue: JourneyCatalogue,
  topic: Topic,
  value: NonNullable<JourneyData[Topic]>,
): JourneyState {
  const handle = stepOfTopic(topic);
  if (!handle || !isStepEditable(state, handle) || !isOnPath(state.journeyData, handle)) return state;
  if (topic === "procession" && state.journeyData.attendance?.option.code !== "attended") return state;
  const journeyData = { ...state.journeyData, [topic]: value };
  const steps = withFlags(markEdited(state, handle), [handle], { visited: true });
  return settle({ ...state, journeyData, steps }, catalogue);
}

/** The person has arrived on a step's page. */
export function visitStep(state: JourneyState, handle: JourneyStepHandle): JourneyState {
  if (state.steps[handle].visited) return state;
  return refreshDerivedFlags({ ...state, steps: withFlags(state.steps, [handle], { visited: true }) });
}

/**
 * The steps whose answers hang on a step's: the kind of funeral decides the whole journey,
 * burial or cremation decides its branch.
 */
function stepsHangingOn(handle: JourneyStepHandle): readonly JourneyStepHandle[] {
  if (handle === "attendance") return journeyStepHandles;
  if (handle === "burial-cremation") {
    return [handle, ...burialOnlyStepHandles, ...cremationOnlyStepHandles];
  }
  return [handle];
}

/**
 * Clears a step's answers, and those of the steps that hang on it: in edit mode back to what is
 * stored (the change is gone), otherwise to nothing (its price becomes 0; clearing the kind of
 * funeral starts again). A step off the path or chosen for the person has nothing to clear. A
 * missing step name is an error.
 */
export function resetStep(
  state: JourneyState,
  catalogue: JourneyCatalogue,
  handle: JourneyStepHandle | undefined | null | "",
): JourneyState {
  if (!handle || !isJourneyStepHandle(handle)) throw new UnknownStepError();
  if (!isStepEditable(state, handle) || !isOnPath(state.journeyData, handle)) return state;
  const handles = stepsHangingOn(handle);
  if (state.edit) {
    const { stored } = state.edit;
    const journeyData =
      handle === "attendance" ? { ...stored.journeyData } : withoutTopics(state.journeyData, handles);
    for (const topic of handles.flatMap((each) => stepTopics[each] as readonly JourneyTopic[])) {
      const storedAnswer = stored.journeyData[topic];
      if (storedAnswer !== undefined) Object.assign(journeyData, { [topic]: storedAnswer });
    }
    const steps = { ...state.steps };
    for (const each of handles) {
      steps[each] = { ...steps[each], prefilled: stored.steps[each].prefilled, edited: false };
    }
    return settle({ ...state, journeyData, steps }, catalogue);
  }
  if (handle === "attendance") return restart(state);
  const steps = withFlags(state.steps, handles.slice(1), clearedStepFlags);
  return settle({ ...state, journeyData: withoutTopics(state.journeyData, handles), steps }, catalogue);
}

/** Starts changing an answer from the summary; changes are held apart until the person leaves. */
export function startEdit(state: JourneyState, handle: JourneyStepHandle): JourneyState {
  if (state.edit) return { ...state, edit: { ...state.edit, step: handle } };
  return {
    ...state,
    edit: {
      step: handle,
      stored: { journeyData: state.journeyData, steps: state.steps, priceData: state.priceData },
    },
  };
}

/** Leaving edit mode applies the changes: they become what is stored. */
export function finishEdit(state: JourneyState): JourneyState {
  if (!state.edit) return state;
  const steps = Object.fromEntries(
    Object.entries(state.steps).map(([handle, flags]) => [handle, { ...flags, edited: false }]),
  ) as StepFlagsMap;
  return { ...state, steps, edit: null };
}
