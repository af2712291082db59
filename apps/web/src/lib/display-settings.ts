import { readLocal, writeLocal } from "./storage";

/**
 * The reader's display settings (SPEC.md local storage `zoom` and `contrast`). They are applied as
 * `data-zoom` and `data-contrast` on <html>, which the stylesheet reads, so they change every page.
 */
export const zoomLevels = [100, 125, 150] as const;
type ZoomLevel = (typeof zoomLevels)[number];

const contrastModes = ["normal", "high"] as const;
type ContrastMode = (typeof contrastModes)[number];

export interface DisplaySettings {
  zoom: ZoomLevel;
  contrast: ContrastMode;
}

export const defaultDisplaySettings: DisplaySettings = { zoom: 100, contrast: "normal" };

function isZoomLevel(value: unknown): value is ZoomLevel {
  return (zoomLevels as readonly unknown[]).includes(value);
}
function isContrastMode(value: unknown): value is ContrastMode {
  return (contrastModes as readonly unknown[]).includes(value);
}

export function readDisplaySettings(): DisplaySettings {
  const zoom = readLocal("zoom");
  const contrast = readLocal("contrast");
  return {
    zoom: isZoomLevel(zoom) ? zoom : defaultDisplaySettings.zoom,
    contrast: isContrastMode(contrast) ? contrast : defaultDisplaySettings.contrast,
  };
}

export function applyDisplaySettings(settings: DisplaySettings): void {
  const root = document.documentElement;
  root.dataset.zoom = String(settings.zoom);
  root.dataset.contrast = settings.contrast;
}

const listeners = new Set<() => void>();

export function subscribeToDisplaySettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores, applies and announces a change. */
export function saveDisplaySettings(settings: DisplaySettings): void {
  writeLocal("zoom", settings.zoom);
  writeLocal("contrast", settings.contrast);
  applyDisplaySettings(settings);
  for (const listener of listeners) listener();
}

/**
 * Runs in <head> before the first paint, so a page never flashes at the wrong size or contrast.
 * It must stay tiny and dependency-free; it repeats the checks above in plain JavaScript.
 */
export const displaySettingsScript = `(function(){try{var d=document.documentElement,s=localStorage,z=JSON.parse(s.getItem("zoom")),c=JSON.parse(s.getItem("contrast"));if(${JSON.stringify(zoomLevels)}.indexOf(z)>-1)d.setAttribute("data-zoom",String(z));if(${JSON.stringify(contrastModes)}.indexOf(c)>-1)d.setAttribute("data-contrast",c)}catch(e){}})()`;
