"use client";

import Script from "next/script";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { ThirdPartyName, ThirdPartyScript as ThirdPartyScriptSettings } from "../lib/browser-settings";

/**
 * A third party's script, loaded after the visitor's consent (the caller renders this only then)
 * with next/script. The contract with the script (docs/decisions/020-consent-and-third-parties.md):
 * once loaded, it may offer `window.kindredThirdParties[name]` with
 *
 * - `start({ id, element })`: called when the widget is wanted (again after each return to a page
 *   that shows it), with the configured id and, for a widget with a place on the page (reviews),
 *   the element to draw into. It may return a function that takes the widget away again, which
 *   is called when the page no longer wants it (the help chat on leaving the home page);
 * - `pageView({ path })`: called after each move to another page in the app (the path only,
 *   never the query, which may carry a token).
 *
 * A vendor whose own snippet has another shape is given a small adapter script of ours as its
 * script address. The script element also carries `data-id`, which many vendors' snippets read.
 */

interface ThirdPartyHooks {
  start?: (options: { id?: string; element?: HTMLElement }) => void | (() => void);
  pageView?: (page: { path: string }) => void;
}

declare global {
  interface Window {
    kindredThirdParties?: Partial<Record<ThirdPartyName, ThirdPartyHooks>>;
  }
}

export function ThirdPartyScript({
  name,
  settings,
  element,
}: {
  name: ThirdPartyName;
  settings: ThirdPartyScriptSettings;
  /** Where a widget with a place on the page draws itself; null until that place is on the page. */
  element?: HTMLElement | null;
}) {
  const [ready, setReady] = useState(false);
  const pathname = usePathname();
  const waitingForElement = element === null;

  useEffect(() => {
    if (!ready || waitingForElement) return;
    const stop = window.kindredThirdParties?.[name]?.start?.({
      ...(settings.id ? { id: settings.id } : {}),
      ...(element ? { element } : {}),
    });
    return typeof stop === "function" ? stop : undefined;
  }, [ready, waitingForElement, element, name, settings.id]);

  // Each move to another page after the script started (the page it started on counts by `start`).
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (ready && pathname !== lastPath.current)
      window.kindredThirdParties?.[name]?.pageView?.({ path: pathname });
    lastPath.current = pathname;
  }, [ready, pathname, name]);

  return (
    <Script
      src={settings.scriptUrl}
      strategy="afterInteractive"
      data-id={settings.id}
      // Called once the script has loaded, and again whenever this is shown after that.
      onReady={() => setReady(true)}
    />
  );
}
