"use client";

import { useLayoutEffect, useState, useSyncExternalStore } from "react";
import {
  applyDisplaySettings,
  defaultDisplaySettings,
  readDisplaySettings,
  saveDisplaySettings,
  subscribeToDisplaySettings,
  zoomLevels,
  type DisplaySettings,
} from "../lib/display-settings";

// Snapshots are strings so React can compare them; the settings are rebuilt from them.
function serialise(settings: DisplaySettings): string {
  return `${settings.zoom}|${settings.contrast}`;
}
function parse(snapshot: string): DisplaySettings {
  const [zoom, contrast] = snapshot.split("|");
  return { zoom: Number(zoom), contrast: contrast === "high" ? "high" : "normal" } as DisplaySettings;
}

const getSnapshot = () => serialise(readDisplaySettings());
const getServerSnapshot = () => serialise(defaultDisplaySettings);

/** Small controls for text size and contrast; the choice changes every page and is remembered. */
export function DisplaySettingsControls() {
  const settings = parse(useSyncExternalStore(subscribeToDisplaySettings, getSnapshot, getServerSnapshot));

  // The inline script in <head> applies the settings before paint; this re-applies them if React
  // resets <html> attributes (it does on the development-only Strict Mode remount).
  useLayoutEffect(() => {
    applyDisplaySettings(readDisplaySettings());
  }, []);

  // On phones the controls sit behind one button, so the header stays slim; wide screens show them.
  const [open, setOpen] = useState(false);

  return (
    <div className="display-settings" data-open={open ? "true" : "false"}>
      <button
        type="button"
        className="display-settings__toggle"
        aria-expanded={open}
        aria-controls="display-settings-panel"
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        Text size and contrast
      </button>
      <div className="display-settings__panel" id="display-settings-panel">
        <div className="display-settings__group" role="group" aria-labelledby="text-size-label">
          <span id="text-size-label" className="display-settings__label">
            Text size
          </span>
          {zoomLevels.map((zoom) => (
            <button
              key={zoom}
              type="button"
              className="display-settings__button"
              aria-pressed={settings.zoom === zoom}
              onClick={() => saveDisplaySettings({ ...settings, zoom })}
            >
              {zoom}%
            </button>
          ))}
        </div>
        <button
          type="button"
          className="display-settings__button"
          aria-pressed={settings.contrast === "high"}
          onClick={() =>
            saveDisplaySettings({ ...settings, contrast: settings.contrast === "high" ? "normal" : "high" })
          }
        >
          High contrast
        </button>
      </div>
    </div>
  );
}
