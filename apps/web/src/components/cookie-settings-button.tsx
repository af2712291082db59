"use client";

import { openCookieChoices } from "../lib/cookie-consent";

/** "Cookie settings" in the footer: opens the choices, so consent can be changed at any time. */
export function CookieSettingsButton() {
  return (
    <button type="button" className="link-button" onClick={openCookieChoices}>
      Cookie settings
    </button>
  );
}
