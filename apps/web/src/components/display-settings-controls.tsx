"use client";

import { useId, useLayoutEffect, useState, useSyncExternalStore } from "react";
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

/**
 * Small controls for text size and contrast; the choice changes every page and is remembered.
 * In the header (`variant="header"`) they sit behind a button on phones; on a page that explains
 * them (the extra support page) they are always shown. Two on one page stay in step.
 */
export function DisplaySettingsControls({ variant = "header" }: { variant?: "header" | "page" }) {
  const settings = parse(useSyncExternalStore(subscribeToDisplaySettings, getSnapshot, getServerSnapshot));

  // The inline script in <head> applies the settings before paint; this re-applies them if React
  // resets <html> attributes (it does on the development-only Strict Mode remount).
  useLayoutEffect(() => {
    applyDisplaySettings(readDisplaySettings());
  }, []);

  // On phones the controls sit behind one button, so the header stays slim; wide screens show them.
  const [open, setOpen] = useState(false);
  const id = useId();
  const panelId = `${id}-panel`;
  const labelId = `${id}-text-size`;

  return (
    <div
      className={`display-settings display-settings--${variant}`}
      data-open={open || variant === "page" ? "true" : "false"}
    >
      {variant === "header" ? (
        <button
          type="button"
          className="display-settings__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          Text size and contrast
        </button>
      ) : null}
      <div className="display-settings__panel" id={panelId}>
        <div className="display-settings__group" role="group" aria-labelledby={labelId}>
          <span id={labelId} className="display-settings__label">
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
