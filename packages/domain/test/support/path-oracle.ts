import { expect } from "vitest";
import {
  basicCoffin,
  defaultOption,
  journeyPath,
  packageJourney,
  stepTopics,
  withCatalogueCars,
  type JourneyCatalogue,
  type JourneyData,
  type JourneyTopic,
} from "@kindred/domain";

/**
 * SPEC.md section 4's paths and choices, written out again on their own terms, to hold a journey
 * to: every answer belongs to a step on its path (but the default crematorium an unattended
 * funeral is given); an unattended funeral or private farewell has the basic coffin, the default
 * crematorium, no cars and no procession; a private farewell the default ashes; a package's
 * answers are the package's.
 */
export function expectOnItsOwnPath(journeyData: JourneyData, catalogue: JourneyCatalogue): void {
  const path = journeyPath(journeyData);
  const code = journeyData.attendance?.option.code;
  const shorter = code === "unattended" || code === "privateFarewell";
  for (const topic of Object.keys(journeyData) as JourneyTopic[]) {
    if (topic === "package" || (shorter && topic === "crematoria")) continue;
    const onPath = path.some((handle) => (stepTopics[handle] as readonly string[]).includes(topic));
    expect(onPath, `${topic} belongs to a step on the path`).toBe(true);
  }
  if (shorter) {
    expect(journeyData.coffin).toEqual({ id: basicCoffin(catalogue)!.id });
    expect(journeyData.crematoria).toEqual({ id: catalogue.defaultCrematory.id });
    expect(journeyData.attendeesTransportation).toBeUndefined();
    expect(journeyData.procession).toBeUndefined();
  }
  if (code === "privateFarewell") {
    expect(journeyData.ashes?.treatmentType).toBe(defaultOption(catalogue.ashesTreatmentTypes)!.id);
  }
  if (journeyData.package) {
    const planPackage = catalogue.packages.find((candidate) => candidate.id === journeyData.package?.id)!;
    expect(withCatalogueCars(journeyData, catalogue)).toMatchObject(packageJourney(planPackage));
  }
}
