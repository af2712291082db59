/**
 * Runs in <head> before the first paint, beside the display settings' script: it names the
 * questions this tab's journey has answered (session storage `journeyData`, SPEC.md section 3) on
 * <html> as `data-journey-answers`, for instance "attendance funeralDirector". The server cannot
 * know them, so a step whose content depends on an answer keeps room for it in the stylesheet
 * from the first paint, and nothing moves when the content comes (issue 8: no layout shift).
 * Tiny and dependency-free, like the display settings' script.
 */
export const journeyAnswersScript = `(function(){try{var j=JSON.parse(sessionStorage.getItem("journeyData"));if(j&&typeof j==="object")document.documentElement.setAttribute("data-journey-answers",Object.keys(j).filter(function(k){return j[k]!=null}).join(" "))}catch(e){}})()`;
