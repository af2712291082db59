import type { Page } from "@playwright/test";

/**
 * Layout shift as browsers count it for cumulative layout shift: every `layout-shift` entry from
 * the start of each load, except those just after the person's own input. `recordLayoutShifts`
 * starts recording on every page the tab loads from then on; `layoutShiftSoFar` reads what the
 * current page has recorded, once its fonts are in and two frames have been drawn, so every shift
 * has been reported.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as { layoutShifts?: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      })[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            sources: entry.sources.map((source) =>
              source.node instanceof Element
                ? `${source.node.tagName.toLowerCase()}.${source.node.className}`
                : "text",
            ),
          });
    }).observe({ type: "layout-shift", buffered: true });
  });
}

export function layoutShiftSoFar(page: Page): Promise<{ path: string; total: number; shifts: string[] }> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const shifts = (window as { layoutShifts?: { value: number; sources: string[] }[] }).layoutShifts ?? [];
    return {
      path: location.pathname,
      total: shifts.reduce((sum, shift) => sum + shift.value, 0),
      shifts: shifts.map((shift) => `${shift.value.toFixed(4)} ${shift.sources.join(", ")}`),
    };
  });
}
