"use client";

import { usePathname } from "next/navigation";
import { lazy, Suspense, useEffect, useState } from "react";
import { useBrowserSettings } from "../lib/browser-settings";
import {
  allows,
  closeCookieChoices,
  openCookieChoices,
  consentCategoriesOf,
  reloadPage,
  removeThirdPartyCookies,
  saveCookieConsent,
  useCookieChoicesOpen,
  useCookieConsent,
  type CookieConsent,
} from "../lib/cookie-consent";
import { allowMeasurement, forgetMeasurement, loadErrorReporting } from "../lib/error-reporting";
import { isStaffPath } from "../lib/staff-area";
// The banner, the choices (and the dialog under them) and the third parties' loader each load only
// when they are shown, keeping every page's first load light, as the sign-in prompt does: a
// visitor who has chosen, or a deployment without extras, never downloads them. The banner sits
// over the bottom of the page, so its coming a moment later moves nothing.
const CookieBanner = lazy(() =>
  import("./cookie-banner").then((module) => ({ default: module.CookieBanner })),
);
const ThirdPartyScript = lazy(() =>
  import("./third-party-script").then((module) => ({ default: module.ThirdPartyScript })),
);
const CookieChoices = lazy(() =>
  import("./cookie-choices").then((module) => ({ default: module.CookieChoices })),
);

/** The page on which the help chat is offered (SPEC.md: the root page only). */
const helpChatPath = "/";

/**
 * The page shell's extras (docs/decisions/020-consent-and-third-parties.md): error reporting,
 * the cookie banner and settings, and the third parties without a place of their own on the
 * page (visitor tracking, the help chat on the home page, the feedback sidebar), each loaded
 * only once its setting is set and the visitor has allowed its category. Nothing here renders
 * on the server: before the browser knows the visitor's choice, nothing is loaded. Under `/staff`
 * (decision 031) only error reporting runs: no banner, no third parties, no session replay.
 */
export function PageExtras() {
  const settings = useBrowserSettings();
  const consent = useCookieConsent(settings?.cookiePolicyVersion);
  const choicesOpen = useCookieChoicesOpen();
  const pathname = usePathname();
  const staffArea = isStaffPath(pathname);
  const [savedMessage, setSavedMessage] = useState("");

  useEffect(() => loadErrorReporting(settings?.errorReporting ?? null), [settings]);
  const analyticsAllowed = !staffArea && allows(consent, "analytics");
  const functionalAllowed = allows(consent, "functional");
  const consentKnown = consent.status !== "unknown";
  useEffect(() => {
    if (analyticsAllowed) allowMeasurement();
    // Not allowed (or no longer): a replay key left behind goes too. A replay stopped as consent
    // was taken back may still write it while it sends its last part, just before the page
    // loads afresh, so this is checked on every load.
    else if (consentKnown && !staffArea) forgetMeasurement();
  }, [analyticsAllowed, consentKnown, staffArea, settings]);

  if (!settings || staffArea) return null;
  const categories = consentCategoriesOf(settings);
  const { thirdParties } = settings;
  const current = consent.status === "decided" ? consent.consent : null;

  function save(choice: Pick<CookieConsent, "analytics" | "functional">) {
    saveCookieConsent(choice, settings!.cookiePolicyVersion);
    closeCookieChoices();
    const withdrawn =
      (current?.analytics && !choice.analytics) || (current?.functional && !choice.functional);
    if (withdrawn) {
      // Scripts already running cannot be unloaded: their cookies go, and so does the replay's
      // session key, and the page loads afresh.
      removeThirdPartyCookies();
      if (current?.analytics && !choice.analytics) forgetMeasurement();
      reloadPage();
      return;
    }
    setSavedMessage("Your cookie settings are saved.");
    // The banner's buttons have gone: the page itself takes the focus, where it is.
    requestAnimationFrame(() => {
      if (document.activeElement === null || document.activeElement === document.body)
        document.getElementById("main-content")?.focus({ preventScroll: true });
    });
  }

  return (
    <>
      {consent.status === "undecided" && categories.length > 0 ? (
        <Suspense fallback={null}>
          <CookieBanner
            settings={settings}
            onAcceptAll={() => save({ analytics: true, functional: true })}
            onRejectAll={() => save({ analytics: false, functional: false })}
            onChoose={openCookieChoices}
          />
        </Suspense>
      ) : null}
      {choicesOpen ? (
        <Suspense fallback={null}>
          <CookieChoices
            open={choicesOpen}
            settings={settings}
            categories={categories}
            current={current}
            onSave={save}
            onClose={closeCookieChoices}
          />
        </Suspense>
      ) : null}
      <p role="status" className="visually-hidden">
        {savedMessage}
      </p>
      <Suspense fallback={null}>
        {analyticsAllowed && thirdParties.visitorTracking ? (
          <ThirdPartyScript name="visitorTracking" settings={thirdParties.visitorTracking} />
        ) : null}
        {functionalAllowed && thirdParties.helpChat && pathname === helpChatPath ? (
          <ThirdPartyScript name="helpChat" settings={thirdParties.helpChat} />
        ) : null}
        {functionalAllowed && thirdParties.feedback ? (
          <ThirdPartyScript name="feedback" settings={thirdParties.feedback} />
        ) : null}
      </Suspense>
    </>
  );
}
