import {
  funeralDirectorSearchResponseSchema,
  planOptionsResponseSchema,
  type FuneralDirectorBranch,
  type JourneyDataPayload,
  type PlanOptionsResponse,
} from "@kindred/contracts";
import { callApi } from "./customers";
import type { TestApp } from "./test-app";

/** The catalogue the API serves and the branch nearest N1 (Islington), as a visitor finds them. */
export async function catalogueAndBranch(
  testApp: TestApp,
  token: string,
): Promise<{ catalogue: PlanOptionsResponse; branch: FuneralDirectorBranch }> {
  const options = await callApi(testApp, token, "GET", "/api/plan-options");
  const search = await callApi(testApp, token, "GET", "/api/funeral-director/search?postcode=N1%201AA");
  const [branch] = funeralDirectorSearchResponseSchema.parse(search.json()).branches;
  if (!branch) throw new Error("No branch near N1");
  return { catalogue: planOptionsResponseSchema.parse(options.json()), branch };
}

export function byCode<T extends { code: string }>(options: T[], code: string): T {
  const found = options.find((option) => option.code === code);
  if (!found) throw new Error(`The catalogue has no ${code}`);
  return found;
}

/**
 * A whole attended cremation, every choice taken from the catalogue the API serves, at the
 * funeral director branch given.
 */
export function fullJourney(catalogue: PlanOptionsResponse, branchId: number): JourneyDataPayload {
  const limousine = byCode(catalogue.transportationForAttendeesTypes, "limousine");
  return {
    attendance: { option: { id: byCode(catalogue.attendance, "attended").id, code: "attended" } },
    funeralDirector: { id: branchId },
    burialCremation: { option: { id: byCode(catalogue.remains, "cremated").id, code: "cremated" } },
    crematoria: { id: catalogue.defaultCrematory.id },
    celebrant: {
      celebrant: byCode(catalogue.celebrantTypes, "ministerOfficiant").id,
      notes: "Reverend Ames",
    },
    pallbearers: {
      pallbearerType: byCode(catalogue.pallbearerTypes, "nominatingMyOwn").id,
      notes: "Drinks for my grandsons, who carry the coffin",
      contribution: "50",
    },
    deceaseTransportation: {
      transportationType: byCode(catalogue.transportationForTheDeceasedTypes, "hearse").id,
      notes: "",
      contribution: "0",
    },
    attendeesTransportation: {
      selectedTransportationTypes: [
        {
          transportationType: { id: limousine.id, name: limousine.name, price: limousine.price },
          quantity: 2,
        },
      ],
      notes: "",
      contribution: "0",
    },
    procession: { personalisedProcession: false, notes: "" },
    coffin: { id: byCode(catalogue.coffins, "windsor").id },
    ashes: { treatmentType: byCode(catalogue.ashesTreatmentTypes, "scatteredInGarden").id, notes: "" },
    flowers: { notes: "White lilies", contribution: "120.50", isContributionStep: true },
    readings: { notes: "Do not stand at my grave and weep" },
  };
}
