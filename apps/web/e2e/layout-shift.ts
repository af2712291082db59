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
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            // Each element that moved, with where it was and where it went (x,y of its top left).
            // Each element that moved, with where it was and where it went (x,y of its top left),
            // how large it is, and when (ms since the load began); a text node by its first words.
            sources: entry.sources.map(({ node, previousRect: from, currentRect: to }) => {
              const what =
                node instanceof Element
                  ? `${node.tagName.toLowerCase()}.${node.className}`
                  : node
                    ? `text "${(node.textContent ?? "").trim().slice(0, 30)}" in ${node.parentElement?.tagName.toLowerCase()}.${node.parentElement?.className}`
                    : "a node since removed";
              return (
                `${what} (${Math.round(from.x)},${Math.round(from.y)} ${Math.round(from.width)}x${Math.round(from.height)} ` +
                `to ${Math.round(to.x)},${Math.round(to.y)} ${Math.round(to.width)}x${Math.round(to.height)}) at ${Math.round(entry.startTime)} ms`
              );
            }),
          });
    }).observe({ type: "layout-shift", buffered: true });
  });
}

export function layoutShiftSoFar(page: Page): Promise<{ path: string; total: number; shifts: string[] }> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const shifts = (window as { layoutShifts?: { value: number; sources: string[] }[] }).layoutShifts ?? [];
    // Said with any shift: which fonts were in, and how far down the page was, to tell a font
    // that came late or a page that grew above the view from a shift of the page's own making.
    const fonts = [...document.fonts]
      .map((font) => `${font.family} ${font.weight} ${font.status}`)
      .join(", ");
    const context = `fonts: ${fonts}; scrolled to ${Math.round(scrollY)} of ${document.documentElement.scrollHeight}`;
    return {
      path: location.pathname,
      total: shifts.reduce((sum, shift) => sum + shift.value, 0),
      shifts: [
        ...shifts.map((shift) => `${shift.value.toFixed(4)} ${shift.sources.join(", ")}`),
        ...(shifts.length > 0 ? [context] : []),
      ],
    };
  });
}
