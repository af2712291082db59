/** The planning journey's steps, by the name each has in its URL (`/planning/<handle>`). */
export const journeyStepHandles = [
  "attendance",
  "funeral-director",
  "burial-cremation",
  "burial",
  "service-burial",
  "crematoria",
  "celebrant",
  "pallbearers",
  "transportation",
  "coffin",
  "ashes",
  "additional",
  "summary",
] as const;

export type JourneyStepHandle = (typeof journeyStepHandles)[number];

/** The journey for an unattended funeral or a private farewell: no service to arrange. */
export const shorterJourneyStepHandles: readonly JourneyStepHandle[] = [
  "attendance",
  "funeral-director",
  "transportation",
  "coffin",
  "ashes",
  "additional",
  "summary",
];

export const burialOnlyStepHandles: readonly JourneyStepHandle[] = ["burial", "service-burial"];
export const cremationOnlyStepHandles: readonly JourneyStepHandle[] = ["crematoria", "ashes"];

export const firstJourneyStepHandle: JourneyStepHandle = "attendance";
export const endJourneyStepHandle: JourneyStepHandle = "summary";

export function isJourneyStepHandle(value: string): value is JourneyStepHandle {
  return (journeyStepHandles as readonly string[]).includes(value);
}

export function journeyStepPath(handle: JourneyStepHandle): string {
  return `/planning/${handle}`;
}

/** What the person sees when the server sends a step without a heading or a question. */
export const missingStepHeading = "Heading Missing";
export const missingStepQuestion = "Missing question, please contact support";

/** The step named "Record your wishes", and the summary, as SPEC.md names them. */
const additionalStepTitle = "Record your wishes";
const summaryStepTitle = "Summary";

/** The journey topics each step asks about. */
export const stepTopics = {
  attendance: ["attendance"],
  "funeral-director": ["funeralDirector"],
  "burial-cremation": ["burialCremation"],
  burial: ["burial"],
  "service-burial": ["burialService"],
  crematoria: ["crematoria"],
  celebrant: ["celebrant"],
  pallbearers: ["pallbearers"],
  transportation: ["deceaseTransportation", "attendeesTransportation", "procession"],
  coffin: ["coffin"],
  ashes: ["ashes"],
  additional: ["stationery", "flowers", "memorial", "photoVideo", "music", "readings", "otherRequests"],
  summary: [],
} as const satisfies Record<JourneyStepHandle, readonly string[]>;

export function stepOfTopic(topic: string): JourneyStepHandle | undefined {
  return journeyStepHandles.find((handle) => (stepTopics[handle] as readonly string[]).includes(topic));
}

/** Short names of the steps, for page titles and for when the server's list lacks one. */
export const journeyStepLabels: Record<JourneyStepHandle, string> = {
  attendance: "Kind of funeral",
  "funeral-director": "Funeral director",
  "burial-cremation": "Burial or cremation",
  burial: "Burial plot",
  "service-burial": "Burial service",
  crematoria: "Crematorium",
  celebrant: "Celebrant",
  pallbearers: "Pallbearers",
  transportation: "Transport",
  coffin: "Coffin",
  ashes: "Ashes",
  additional: additionalStepTitle,
  summary: summaryStepTitle,
};
