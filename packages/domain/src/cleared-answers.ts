import { stepOfAnswer } from "./answer-problems";
import type { JourneyTopic } from "./journey-data";
import type { JourneyState } from "./journey-state";
import { journeyStepHandles, type JourneyStepHandle } from "./journey-steps";

/** The choices that can start a plan afresh or drop a branch: they are not themselves "lost". */
const choiceTopics: readonly JourneyTopic[] = ["attendance", "package", "burialCremation"];

/**
 * The steps whose answers a choice would clear or replace, in journey order: compare the journey
 * before the choice with the journey the choice makes (both from the domain's choice rules), so
 * the person can be asked first, told which answers go (issue 8 item 6). Answers the journey chose
 * for them (prefilled, or set by default on a step they never visited) are not theirs to lose.
 */
export function stepsClearedBy(before: JourneyState, after: JourneyState): JourneyStepHandle[] {
  const lost = new Set<JourneyStepHandle>();
  for (const topic of Object.keys(before.journeyData) as JourneyTopic[]) {
    if (choiceTopics.includes(topic)) continue;
    const handle = stepOfAnswer(topic);
    // Only what the person answered themself: not what a kind of funeral or package chose.
    if (before.steps[handle].prefilled || !before.steps[handle].visited) continue;
    const was = JSON.stringify(before.journeyData[topic]);
    const now = JSON.stringify(after.journeyData[topic]);
    if (was !== now) lost.add(handle);
  }
  return journeyStepHandles.filter((handle) => lost.has(handle));
}
