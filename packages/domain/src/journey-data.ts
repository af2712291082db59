import * as messages from "./messages";
import { typedPoundsToPence } from "./money";
import type { AttendanceCode, RemainsCode } from "./catalogue";

/**
 * What the person has chosen, topic by topic, in the shape SPEC.md section 3 gives
 * ("Journey data"). Option choices hold catalogue ids; notes are free text; contributions are
 * amounts in pounds as typed (default "0"), which are not guaranteed like the rest of the plan.
 */
interface OptionChoice<Code extends string = string> {
  id: number;
  code: Code;
}

interface ContributionTopic {
  notes: string;
  contribution: string;
  isContributionStep: true;
}

export interface SelectedAttendeeTransport {
  transportationType: { id: number; name: string; price: number };
  quantity: number;
}

export interface JourneyData {
  attendance?: { option: OptionChoice<AttendanceCode> };
  funeralDirector?: { id: number };
  burialCremation?: { option: OptionChoice<RemainsCode> };
  burial?: { hasBurialPlot: boolean | null; notes: string };
  burialService?: { notes: string };
  crematoria?: { id: number };
  celebrant?: { celebrant: number | null; notes: string };
  pallbearers?: { pallbearerType: number | null; notes: string; contribution: string };
  deceaseTransportation?: { transportationType: number | null; notes: string; contribution: string };
  attendeesTransportation?: {
    selectedTransportationTypes: SelectedAttendeeTransport[];
    notes: string;
    contribution: string;
  };
  procession?: { personalisedProcession: boolean | null; notes: string };
  coffin?: { id: number };
  ashes?: { treatmentType: number | null; notes: string };
  stationery?: ContributionTopic;
  flowers?: ContributionTopic;
  memorial?: ContributionTopic;
  photoVideo?: ContributionTopic;
  music?: ContributionTopic;
  readings?: { notes: string };
  otherRequests?: ContributionTopic;
  package?: { id: number } | null;
}

export type JourneyTopic = keyof JourneyData;

/** The "Record your wishes" topics, in the order the step shows them. */
export const wishTopics = [
  "stationery",
  "flowers",
  "memorial",
  "photoVideo",
  "music",
  "readings",
  "otherRequests",
] as const satisfies readonly JourneyTopic[];
export type WishTopic = (typeof wishTopics)[number];

/** Wishes that may carry a contribution (readings are notes only). */
export const contributionWishTopics = [
  "stationery",
  "flowers",
  "memorial",
  "photoVideo",
  "music",
  "otherRequests",
] as const satisfies readonly WishTopic[];
export type ContributionWishTopic = (typeof contributionWishTopics)[number];

export const defaultContribution = "0";
export const minimumContributionNotesLength = 2;

/**
 * A contribution as typed ("25", "25.50", "£1,000") in pence, or null when it is not an amount
 * of money (negative, more than two decimal places, or not a number). Empty means nothing.
 */
export function contributionToPence(contribution: string): number | null {
  if (contribution.replace(/[£,\s]/g, "") === "") return 0;
  return typedPoundsToPence(contribution);
}

/** The most a person may set aside towards one wish, in pounds. */
const largestContributionPounds = 1_000_000;

/**
 * What is wrong with an amount typed as a contribution, in SPEC.md section 5's number messages
 * where one fits; null when it is an amount of money (or empty).
 */
export function contributionAmountProblem(contribution: string): string | null {
  const cleaned = contribution.replace(/[£,\s]/g, "");
  if (cleaned === "") return null;
  if (!/^-?[\d.]+$/.test(cleaned) || !/\d/.test(cleaned)) return messages.notANumber;
  if (cleaned.startsWith("-")) return messages.notPositive;
  if (contributionToPence(cleaned) === null) {
    const pounds = Number(cleaned.split(".")[0]);
    return pounds > largestContributionPounds
      ? messages.atMost(largestContributionPounds)
      : messages.contributionNotMoney;
  }
  return (contributionToPence(cleaned) ?? 0) > largestContributionPounds * 100
    ? messages.atMost(largestContributionPounds)
    : null;
}

/** True when the payload holds at least one answer worth saving. */
export function hasJourneyData(journeyData: JourneyData): boolean {
  return Object.values(journeyData).some((value) => value !== undefined && value !== null);
}
