import { contributionWishTopics, isContributionValid, type JourneyData } from "./journey-data";
import type { JourneyStepHandle } from "./journey-steps";

/**
 * Whether a step has everything it needs (SPEC.md section 5, Step completeness). Contributions
 * are optional, but one that is given needs notes of at least two characters.
 */
export function isStepComplete(handle: JourneyStepHandle, journeyData: JourneyData): boolean {
  switch (handle) {
    case "attendance":
      return journeyData.attendance !== undefined;
    case "funeral-director":
      return journeyData.funeralDirector !== undefined;
    case "burial-cremation":
      return journeyData.burialCremation !== undefined;
    case "burial":
      return journeyData.burial !== undefined && journeyData.burial.hasBurialPlot !== null;
    case "service-burial":
      return (journeyData.burialService?.notes.trim() ?? "") !== "";
    case "crematoria":
      return journeyData.crematoria !== undefined;
    case "celebrant":
      return (journeyData.celebrant?.celebrant ?? null) !== null;
    case "pallbearers":
      return (
        (journeyData.pallbearers?.pallbearerType ?? null) !== null &&
        isContributionValid(journeyData.pallbearers)
      );
    case "transportation":
      return (
        (journeyData.deceaseTransportation?.transportationType ?? null) !== null &&
        isContributionValid(journeyData.deceaseTransportation) &&
        isContributionValid(journeyData.attendeesTransportation)
      );
    case "coffin":
      return journeyData.coffin !== undefined;
    case "ashes":
      return (journeyData.ashes?.treatmentType ?? null) !== null;
    case "additional":
      return contributionWishTopics.every((topic) => isContributionValid(journeyData[topic]));
    case "summary":
      return true;
  }
}
