import * as staffMessages from "./staff-messages";

/** How far ahead a catalogue or branch change may be dated: 2 years from today. */
const catalogueChangeYearsAhead = 2;

/**
 * What is wrong with the UK day a catalogue or branch change is to take effect from (an ISO date),
 * judged against `today` (`ukToday()`): today or later, and within 2 years (decision 032).
 */
export function catalogueChangeDateProblems(effectiveOn: string, today: string): string[] {
  if (effectiveOn < today) return [staffMessages.catalogueChangeDatePast];
  const latest = `${Number(today.slice(0, 4)) + catalogueChangeYearsAhead}${today.slice(4)}`;
  return effectiveOn > latest ? [staffMessages.catalogueChangeDateTooFar] : [];
}
