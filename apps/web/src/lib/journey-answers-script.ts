import { firstJourneyStepHandle, journeyStepHandles, journeyStepPath } from "@kindred/domain";

/**
 * Runs in <head> before the first paint, beside the display settings' script: it names the
 * questions this tab's journey has answered (session storage `journeyData`, SPEC.md section 3) on
 * <html> as `data-journey-answers`, for instance "attendance funeralDirector". The server cannot
 * know them, so a step whose content depends on an answer keeps room for it in the stylesheet
 * from the first paint, and nothing moves when the content comes (issue 8: no layout shift).
 * Tiny and dependency-free, like the display settings' script.
 */
export const journeyAnswersScript = `(function(){try{var j=JSON.parse(sessionStorage.getItem("journeyData"));if(j&&typeof j==="object")document.documentElement.setAttribute("data-journey-answers",Object.keys(j).filter(function(k){return j[k]!=null}).join(" "))}catch(e){}})()`;

/** The journey steps a new visitor cannot yet be on: every step after the first. */
const laterStepPaths = journeyStepHandles
  .filter((handle) => handle !== firstJourneyStepHandle)
  .map((handle) => journeyStepPath(handle));

/**
 * Runs in <head> before the first paint, beside the script above: a new visitor (no journey in
 * this tab, no plan id and not signed in, so nothing for the step page to restore) who opens a
 * later step of the journey goes straight to the first step, as the step page would send them
 * once loaded. The later step's page is stopped first (`window.stop()`, before the new address:
 * after it, it would stop that too): without it the browser went on reading, loading and running
 * the later step until the first step's answer came, work thrown away on a slow phone (issue 28).
 * Any other visitor is left to the step page, which knows the journey's rules.
 */
export const newVisitorStepScript = `(function(){try{if(${JSON.stringify(laterStepPaths)}.indexOf(location.pathname)<0||sessionStorage.getItem("journeyData")!==null||localStorage.getItem("planId")!==null||JSON.parse(localStorage.getItem("isUserLoggedIn"))===true)return;stop();location.replace(${JSON.stringify(journeyStepPath(firstJourneyStepHandle))})}catch(e){}})()`;
