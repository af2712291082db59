import type {
  CatalogueOption,
  FuneralDirectorBranch,
  JourneyStep,
  PlanOptionsResponse,
} from "@kindred/contracts";
import seeded from "./seeded-plan-options.json";

/** Small, readable plan options for component tests; override what a test is about. */
function createAttendanceOption(overrides: Partial<CatalogueOption> = {}): CatalogueOption {
  return {
    id: 1,
    code: "attended",
    name: "Attended funeral",
    description: "A funeral service with family and friends present.",
    price: 295_000,
    isDefault: true,
    visible: true,
    ...overrides,
  };
}

function createJourneyStep(overrides: Partial<JourneyStep> = {}): JourneyStep {
  return {
    handle: "attendance",
    name: "Kind of funeral",
    title: "What kind of funeral would you like?",
    description: "You can choose a funeral with a service, or a simpler cremation without one.",
    path: "/planning/attendance",
    prefilled: false,
    enabled: true,
    visited: false,
    completed: false,
    edited: false,
    questions: [{ fieldName: "attendance", question: "What kind of funeral would you like?" }],
    ...overrides,
  };
}

export function createPlanOptions(overrides: Partial<PlanOptionsResponse> = {}): PlanOptionsResponse {
  const defaultCrematory = {
    id: 1,
    code: "defaultCrematory",
    name: "Riverside Crematorium",
    address: {
      line1: "1 River Road",
      line2: "",
      locality: "Reading",
      county: "Berkshire",
      postcode: "RG1 1AA",
    },
    coordinate: null,
    isDefault: true,
  };
  return {
    attendance: [
      createAttendanceOption(),
      createAttendanceOption({
        id: 2,
        code: "unattended",
        name: "Unattended cremation",
        description: "A simple cremation with no service and no mourners present.",
        price: 149_500,
        isDefault: false,
      }),
      createAttendanceOption({
        id: 3,
        code: "privateFarewell",
        name: "Private farewell",
        description: "Your close family can spend quiet time saying goodbye.",
        price: 179_550,
        isDefault: false,
      }),
    ],
    remains: [],
    celebrantTypes: [],
    pallbearerTypes: [],
    ashesTreatmentTypes: [],
    transportationForTheDeceasedTypes: [],
    transportationForAttendeesTypes: [],
    flowerArrangements: [],
    coffins: [],
    coffinCollections: [],
    contactMethods: [],
    packages: [],
    crematoria: [defaultCrematory],
    defaultCrematory,
    steps: [createJourneyStep()],
    paymentTerms: {
      depositChoices: [25_000, 50_000],
      terms: [
        { months: 12, charge: 0 },
        { months: 24, charge: 9_500 },
      ],
      minimumInstalment: 1_000,
      moratoriumMonths: 24,
      referral: { reward: 5_000, description: "You each receive a £50 gift card as our thank you." },
    },
    ...overrides,
  };
}

/**
 * The plan options the seeded catalogue produces (content/catalogue, as GET /api/plan-options
 * answers), for screens that need the whole catalogue. Regenerate it when the catalogue changes.
 */
export function seededPlanOptions(): PlanOptionsResponse {
  return structuredClone(seeded as PlanOptionsResponse);
}

/** A funeral director branch as the API answers it; name what the test is about. */
export function createFuneralDirectorBranch(
  overrides: Partial<FuneralDirectorBranch> & Pick<FuneralDirectorBranch, "id" | "code" | "name">,
) {
  return {
    address: {
      line1: "1 High Street",
      line2: "",
      locality: "London",
      county: "Greater London",
      postcode: "N1 1AA",
    },
    website: "https://www.kindred-funerals.example",
    email: "branch@kindred-funerals.example",
    phone: "020 7946 0000",
    managerName: "Helen Ashworth",
    coordinate: { latitude: 51.5, longitude: -0.1 },
    active: true,
    imageUrl: `/images/branches/${overrides.code}.svg?width={width}&height={height}`,
    imageAlt: `Illustration of the ${overrides.name} branch`,
    allowsFuneralDirectorServices: true,
    isHeadOffice: false,
    ...overrides,
  } satisfies FuneralDirectorBranch;
}
