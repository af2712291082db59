import fc from "fast-check";
import {
  answer,
  chooseAttendance,
  choosePackage,
  chooseRemains,
  finishEdit,
  initialJourneyState,
  journeyStepHandles,
  releasePackage,
  resetStep,
  startEdit,
  visitStep,
  stepTopics,
  type JourneyCatalogue,
  type JourneyData,
  type JourneyState,
  type JourneyTopic,
} from "@kindred/domain";

/**
 * Anything a person can do on the journey, as fast-check arbitraries over a catalogue, so the
 * rules' property tests and the API's can walk the same journeys. Some answers are deliberately
 * not in order (money that is not money, notes too short): the rules must cope with them too.
 */
export type JourneyAction = (state: JourneyState) => JourneyState;

const ids = (options: readonly { id: number }[]) => fc.constantFrom(...options.map((option) => option.id));
const notes = fc.constantFrom("", "x", "Some notes");
const contribution = fc.constantFrom("0", "", "25", "12.50", "abc");

export function journeyAction(catalogue: JourneyCatalogue): fc.Arbitrary<JourneyAction> {
  return fc.oneof(
    ids(catalogue.attendance).map(
      (id): JourneyAction =>
        (state) =>
          chooseAttendance(state, catalogue, id),
    ),
    ids(catalogue.packages).map(
      (id): JourneyAction =>
        (state) =>
          choosePackage(state, catalogue, id),
    ),
    ids(catalogue.remains).map(
      (id): JourneyAction =>
        (state) =>
          chooseRemains(state, catalogue, id),
    ),
    fc.constant<JourneyAction>((state) => releasePackage(state, catalogue)),
    fc.integer({ min: 1, max: 30 }).map(
      (id): JourneyAction =>
        (state) =>
          answer(state, catalogue, "funeralDirector", { id }),
    ),
    ids(catalogue.crematoria).map(
      (id): JourneyAction =>
        (state) =>
          answer(state, catalogue, "crematoria", { id }),
    ),
    ids(catalogue.coffins).map(
      (id): JourneyAction =>
        (state) =>
          answer(state, catalogue, "coffin", { id }),
    ),
    fc.record({ id: ids(catalogue.celebrantTypes), notes }).map(
      ({ id, notes }): JourneyAction =>
        (state) =>
          answer(state, catalogue, "celebrant", { celebrant: id, notes }),
    ),
    fc.record({ id: ids(catalogue.pallbearerTypes), notes, contribution }).map(
      ({ id, notes, contribution }): JourneyAction =>
        (state) =>
          answer(state, catalogue, "pallbearers", { pallbearerType: id, notes, contribution }),
    ),
    fc.record({ id: ids(catalogue.transportationForTheDeceasedTypes), notes, contribution }).map(
      ({ id, notes, contribution }): JourneyAction =>
        (state) =>
          answer(state, catalogue, "deceaseTransportation", { transportationType: id, notes, contribution }),
    ),
    fc
      .record({
        id: ids(catalogue.transportationForAttendeesTypes),
        quantity: fc.integer({ min: 0, max: 4 }),
        contribution,
        notes,
      })
      .map(
        ({ id, quantity, contribution, notes }): JourneyAction =>
          (state) =>
            answer(state, catalogue, "attendeesTransportation", {
              selectedTransportationTypes: [{ transportationType: { id, name: "", price: 0 }, quantity }],
              notes,
              contribution,
            }),
      ),
    fc.record({ wanted: fc.boolean(), notes }).map(
      ({ wanted, notes }): JourneyAction =>
        (state) =>
          answer(state, catalogue, "procession", { personalisedProcession: wanted, notes }),
    ),
    fc.record({ id: ids(catalogue.ashesTreatmentTypes), notes }).map(
      ({ id, notes }): JourneyAction =>
        (state) =>
          answer(state, catalogue, "ashes", { treatmentType: id, notes }),
    ),
    fc.boolean().map(
      (has): JourneyAction =>
        (state) =>
          answer(state, catalogue, "burial", { hasBurialPlot: has, notes: "" }),
    ),
    notes.map(
      (text): JourneyAction =>
        (state) =>
          answer(state, catalogue, "burialService", { notes: text }),
    ),
    fc
      .record({
        topic: fc.constantFrom("flowers", "music", "otherRequests"),
        notes,
        contribution,
      })
      .map(
        ({ topic, notes, contribution }): JourneyAction =>
          (state) =>
            answer(state, catalogue, topic, { notes, contribution, isContributionStep: true }),
      ),
    notes.map(
      (text): JourneyAction =>
        (state) =>
          answer(state, catalogue, "readings", { notes: text }),
    ),
    fc.constantFrom(...journeyStepHandles).map(
      (handle): JourneyAction =>
        (state) =>
          visitStep(state, handle),
    ),
    fc.constantFrom(...journeyStepHandles).map(
      (handle): JourneyAction =>
        (state) =>
          startEdit(state, handle),
    ),
    fc.constant<JourneyAction>(finishEdit),
    fc.constantFrom(...journeyStepHandles).map(
      (handle): JourneyAction =>
        (state) =>
          resetStep(state, catalogue, handle),
    ),
  );
}

/** A journey as some sequence of things a person did has left it. */
export function reachableJourney(catalogue: JourneyCatalogue, maxLength = 25): fc.Arbitrary<JourneyState> {
  return fc
    .array(journeyAction(catalogue), { maxLength })
    .map((actions) => actions.reduce((state, act) => act(state), initialJourneyState()));
}

/** A hand-made answer for one topic, in the payload's shape, or the topic left out. */
type HandMade = [JourneyTopic, unknown];

function handMadeAnswer(catalogue: JourneyCatalogue): fc.Arbitrary<HandMade> {
  const limousine = catalogue.transportationForAttendeesTypes.find((option) => option.code === "limousine");
  return fc.oneof(
    fc
      .constantFrom(...(Object.values(stepTopics).flat() as JourneyTopic[]))
      .map((topic): HandMade => [topic, undefined]),
    ids(catalogue.coffins).map((id): HandMade => ["coffin", { id }]),
    ids(catalogue.crematoria).map((id): HandMade => ["crematoria", { id }]),
    ids(catalogue.ashesTreatmentTypes).map((id): HandMade => ["ashes", { treatmentType: id, notes: "" }]),
    ids(catalogue.celebrantTypes).map((id): HandMade => ["celebrant", { celebrant: id, notes: "" }]),
    ids(catalogue.transportationForTheDeceasedTypes).map((id): HandMade => [
      "deceaseTransportation",
      { transportationType: id, notes: "", contribution: "0" },
    ]),
    fc
      .constantFrom(...catalogue.remains)
      .map((option): HandMade => ["burialCremation", { option: { id: option.id, code: option.code } }]),
    fc.boolean().map((has): HandMade => ["burial", { hasBurialPlot: has, notes: "" }]),
    fc.constant<HandMade>(["burialService", { notes: "At the church" }]),
    fc.constant<HandMade>(["procession", { personalisedProcession: true, notes: "" }]),
    fc.integer({ min: 0, max: 4 }).map((quantity): HandMade => [
      "attendeesTransportation",
      {
        selectedTransportationTypes: [
          { transportationType: { id: limousine?.id ?? 0, name: "", price: 0 }, quantity },
        ],
        notes: "",
        contribution: "0",
      },
    ]),
  );
}

/** A journey a person made, with one topic then changed, added or removed by hand. */
export function tamperedJourney(catalogue: JourneyCatalogue): fc.Arbitrary<JourneyData> {
  return fc.tuple(reachableJourney(catalogue), handMadeAnswer(catalogue)).map(([state, [topic, value]]) => {
    const journeyData: Record<string, unknown> = { ...state.journeyData };
    if (value === undefined) delete journeyData[topic];
    else journeyData[topic] = value;
    return journeyData as JourneyData;
  });
}
