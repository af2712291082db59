import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  answer,
  chooseAttendance,
  choosePackage,
  chooseRemains,
  findJourneyProblems,
  findPathProblems,
  findSaveProblems,
  initialJourneyState,
  isStepComplete,
  messages,
  packageJourney,
  resetStep,
  storedJourney,
  type JourneyData,
} from "@kindred/domain";
import { idOf, testCatalogue as catalogue } from "./support/catalogue";
import { reachableJourney, tamperedJourney } from "./support/journey-actions";
import { expectOnItsOwnPath } from "./support/path-oracle";

const attended = () =>
  chooseAttendance(initialJourneyState(), catalogue, idOf(catalogue.attendance, "attended"));
const cremation = () => chooseRemains(attended(), catalogue, idOf(catalogue.remains, "cremated"));
const unattended = () =>
  chooseAttendance(initialJourneyState(), catalogue, idOf(catalogue.attendance, "unattended"));
const problemsOf = (journeyData: JourneyData) =>
  findJourneyProblems(journeyData, catalogue).map(({ step, propertyPath, title, kind }) => ({
    step,
    propertyPath,
    title,
    kind,
  }));

describe("what is wrong with a journey, step by step", () => {
  it("names each question on the path left unanswered, in journey order, with SPEC.md's message", () => {
    expect(problemsOf(cremation().journeyData)).toEqual([
      {
        step: "funeral-director",
        propertyPath: "funeralDirector.id",
        title: "This field is required",
        kind: "unanswered",
      },
      { step: "crematoria", propertyPath: "crematoria.id", title: messages.required, kind: "unanswered" },
      {
        step: "celebrant",
        propertyPath: "celebrant.celebrant",
        title: messages.required,
        kind: "unanswered",
      },
      {
        step: "pallbearers",
        propertyPath: "pallbearers.pallbearerType",
        title: messages.required,
        kind: "unanswered",
      },
      {
        step: "transportation",
        propertyPath: "deceaseTransportation.transportationType",
        title: messages.required,
        kind: "unanswered",
      },
      { step: "coffin", propertyPath: "coffin.id", title: messages.required, kind: "unanswered" },
      { step: "ashes", propertyPath: "ashes.treatmentType", title: messages.required, kind: "unanswered" },
    ]);
  });

  it("needs words for a burial service, and an answer about the plot", () => {
    let state = chooseRemains(attended(), catalogue, idOf(catalogue.remains, "buried"));
    state = answer(state, catalogue, "burialService", { notes: "   " });
    state = answer(state, catalogue, "burial", { hasBurialPlot: null, notes: "St Mary's" });

    const problems = problemsOf(state.journeyData);
    expect(problems).toContainEqual({
      step: "burial",
      propertyPath: "burial.hasBurialPlot",
      title: messages.required,
      kind: "unanswered",
    });
    expect(problems).toContainEqual({
      step: "service-burial",
      propertyPath: "burialService.notes",
      title: messages.required,
      kind: "unanswered",
    });
    expect(isStepComplete("service-burial", state.journeyData)).toBe(false);
  });

  it.each([
    ["no contribution", "0", "", []],
    ["an empty contribution", "", "", []],
    ["money with notes of two characters", "25", "Yo", []],
    ["money with notes of one character", "25", "x", [["flowers.notes", messages.contributionNeedsNotes]]],
    ["money that is not a number", "lots", "For roses", [["flowers.contribution", messages.notANumber]]],
    ["money below zero", "-5", "For roses", [["flowers.contribution", messages.notPositive]]],
    [
      "money in part-pennies",
      "12.345",
      "For roses",
      [["flowers.contribution", messages.contributionNotMoney]],
    ],
    [
      "more money than one wish may hold",
      "2,000,000",
      "For roses",
      [["flowers.contribution", messages.atMost(1_000_000)]],
    ],
  ])("judges a contribution: %s", (_case, contribution, notes, expected) => {
    const state = answer(cremation(), catalogue, "flowers", {
      notes,
      contribution,
      isContributionStep: true,
    });

    const additional = findJourneyProblems(state.journeyData, catalogue).filter(
      (problem) => problem.step === "additional",
    );

    expect(additional.map((problem) => [problem.propertyPath, problem.title])).toEqual(expected);
    expect(isStepComplete("additional", state.journeyData)).toBe(expected.length === 0);
  });

  it("takes money for pallbearers only when family or friends carry the coffin", () => {
    const bearers = (code: string) =>
      answer(cremation(), catalogue, "pallbearers", {
        pallbearerType: idOf(catalogue.pallbearerTypes, code),
        notes: "For the bearers",
        contribution: "50",
      }).journeyData;

    expect(
      findSaveProblems(bearers("providedByYourFuneralDirector"), catalogue).map((problem) => [
        problem.propertyPath,
        problem.title,
      ]),
    ).toEqual([["pallbearers.contribution", messages.pallbearerContributionNotOffered]]);
    expect(findSaveProblems(bearers("nominatingMyOwn"), catalogue)).toEqual([]);
  });

  it("allows up to four cars of one kind, and making their own way only once", () => {
    const cars = (code: string, quantity: number) =>
      answer(cremation(), catalogue, "attendeesTransportation", {
        selectedTransportationTypes: [
          {
            transportationType: {
              id: idOf(catalogue.transportationForAttendeesTypes, code),
              name: "",
              price: 0,
            },
            quantity,
          },
        ],
        notes: "",
        contribution: "0",
      }).journeyData;
    const titles = (journeyData: JourneyData) =>
      findSaveProblems(journeyData, catalogue).map((problem) => [problem.propertyPath, problem.title]);

    expect(titles(cars("limousine", 4))).toEqual([]);
    expect(titles(cars("limousine", 5))).toEqual([
      ["attendeesTransportation.selectedTransportationTypes[0].quantity", messages.atMost(4)],
    ]);
    expect(titles(cars("nominatingMyOwn", 2))).toEqual([
      ["attendeesTransportation.selectedTransportationTypes[0].quantity", messages.atMost(1)],
    ]);
    // Without the catalogue (as the contracts check it) only the limit of four is known.
    expect(findSaveProblems(cars("limousine", 5))).toHaveLength(1);
    expect(findSaveProblems(cars("nominatingMyOwn", 2))).toEqual([]);
  });
});

describe("a journey off its own path", () => {
  const pathTitles = (journeyData: JourneyData) =>
    findPathProblems(journeyData, catalogue).map((problem) => [problem.propertyPath, problem.title]);

  it.each<[string, () => JourneyData, [string, string][]]>([
    [
      "cars and a procession on an unattended funeral",
      () => ({
        ...unattended().journeyData,
        attendeesTransportation: {
          selectedTransportationTypes: [
            {
              transportationType: {
                id: idOf(catalogue.transportationForAttendeesTypes, "limousine"),
                name: "",
                price: 0,
              },
              quantity: 2,
            },
          ],
          notes: "",
          contribution: "0",
        },
        procession: { personalisedProcession: true, notes: "" },
      }),
      [
        ["attendeesTransportation", messages.includedInKindOfFuneral],
        ["procession", messages.notPartOfThisFuneral],
      ],
    ],
    [
      "another coffin on an unattended funeral",
      () => ({ ...unattended().journeyData, coffin: { id: idOf(catalogue.coffins, "snowdon") } }),
      [["coffin", messages.includedInKindOfFuneral]],
    ],
    [
      "other ashes on a private farewell",
      () => ({
        ...chooseAttendance(initialJourneyState(), catalogue, idOf(catalogue.attendance, "privateFarewell"))
          .journeyData,
        ashes: { treatmentType: idOf(catalogue.ashesTreatmentTypes, "keepsakeUrn"), notes: "" },
      }),
      [["ashes", messages.includedInKindOfFuneral]],
    ],
    [
      "a crematorium and ashes on a burial",
      () => ({
        ...chooseRemains(attended(), catalogue, idOf(catalogue.remains, "buried")).journeyData,
        crematoria: { id: 901 },
        ashes: { treatmentType: idOf(catalogue.ashesTreatmentTypes, "simpleContainer"), notes: "" },
      }),
      [
        ["crematoria", messages.notPartOfThisFuneral],
        ["ashes", messages.notPartOfThisFuneral],
      ],
    ],
    [
      "a burial plot on a cremation",
      () => ({ ...cremation().journeyData, burial: { hasBurialPlot: true, notes: "" } }),
      [["burial", messages.notPartOfThisFuneral]],
    ],
    [
      "burial or cremation on an unattended funeral",
      () => ({
        ...unattended().journeyData,
        burialCremation: { option: { id: idOf(catalogue.remains, "buried"), code: "buried" } },
      }),
      [["burialCremation", messages.notPartOfThisFuneral]],
    ],
    [
      "a package whose coffin is not the package's",
      () => ({ ...packageJourney(catalogue.packages[0]!), coffin: { id: idOf(catalogue.coffins, "park") } }),
      [["coffin", messages.partOfYourPackage]],
    ],
    [
      "a package named over another package's answers",
      () => ({ ...packageJourney(catalogue.packages[0]!), package: { id: catalogue.packages[1]!.id } }),
      [
        ["burialCremation", messages.partOfYourPackage],
        ["crematoria", messages.notPartOfThisFuneral],
        ["celebrant", messages.partOfYourPackage],
        ["attendeesTransportation", messages.partOfYourPackage],
        ["ashes", messages.notPartOfThisFuneral],
      ],
    ],
    [
      "notes added to a step a package chose",
      () => {
        const journeyData = packageJourney(catalogue.packages[0]!);
        return { ...journeyData, celebrant: { ...journeyData.celebrant!, notes: "Reverend Ames" } };
      },
      [["celebrant", messages.partOfYourPackage]],
    ],
  ])("names %s", (_case, journeyData, expected) => {
    expect(pathTitles(journeyData())).toEqual(expected);
  });

  it("accepts a package that has been set aside and then changed", () => {
    const journeyData: JourneyData = {
      ...packageJourney(catalogue.packages[0]!),
      package: null,
      coffin: { id: idOf(catalogue.coffins, "park") },
    };

    expect(findPathProblems(journeyData, catalogue)).toEqual([]);
  });
});

describe("the journey rules and the path check agree", () => {
  const journey = reachableJourney(catalogue);

  it("whatever a person does, the journey shown and the journey stored are on their own path", () => {
    fc.assert(
      fc.property(journey, (state) => {
        expect(findPathProblems(state.journeyData, catalogue)).toEqual([]);
        expect(findPathProblems(storedJourney(state).journeyData, catalogue)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  const tampered = tamperedJourney(catalogue);

  it("a journey the check accepts holds only answers of its own path, as its funeral or package chose them", () => {
    fc.assert(
      fc.property(tampered, (journeyData) => {
        if (findPathProblems(journeyData, catalogue).length === 0) expectOnItsOwnPath(journeyData, catalogue);
      }),
      { numRuns: 500 },
    );
  });
});

describe("rules that keep a journey on its path", () => {
  it("refuse burial or cremation on an unattended funeral", () => {
    const state = unattended();

    expect(chooseRemains(state, catalogue, idOf(catalogue.remains, "buried"))).toBe(state);
  });

  it("start again when the kind of funeral is cleared", () => {
    const state = answer(unattended(), catalogue, "funeralDirector", { id: 3 });

    expect(resetStep(state, catalogue, "attendance").journeyData).toEqual({});
  });

  it("clear both branches when burial or cremation is cleared", () => {
    const state = answer(cremation(), catalogue, "crematoria", { id: 901 });

    const cleared = resetStep(state, catalogue, "burial-cremation");

    expect(cleared.journeyData.burialCremation).toBeUndefined();
    expect(cleared.journeyData.crematoria).toBeUndefined();
    expect(findPathProblems(cleared.journeyData, catalogue)).toEqual([]);
  });

  it("prefill a burial package without a crematorium, and accept it", () => {
    const state = choosePackage(initialJourneyState(), catalogue, 501);

    expect(findPathProblems(state.journeyData, catalogue)).toEqual([]);
  });
});
