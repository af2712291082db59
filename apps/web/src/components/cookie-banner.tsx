"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import type { BrowserSettings } from "../lib/browser-settings";
import { configuredThirdPartyKinds } from "../lib/third-parties";
import { listInWords } from "./cookie-extras";
import styles from "./cookie-consent.module.css";

/**
 * The cookie banner (PECR): the kinds of other company we would like to use, a link to the cookie
 * policy, "Accept extra cookies" and "Reject extra cookies" side by side in the same style and size,
 * and a quieter "Choose cookies" for the categories one by one. With error reporting on, it says
 * that errors are reported either way. Short, so that on a phone it covers little of the window and
 * never the page's main action. It sits over the bottom of the page and is not a dialog: it takes
 * no focus and traps none, and the page behind stays usable. It is first in the page's order, so a
 * keyboard or screen reader user meets it first.
 */
export function CookieBanner({
  settings,
  onAcceptAll,
  onRejectAll,
  onChoose,
}: {
  settings: BrowserSettings;
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onChoose: () => void;
}) {
  const banner = useRef<HTMLElement>(null);

  // Room at the end of the page, and for focused controls, as tall as the banner, while it shows.
  useEffect(() => {
    const element = banner.current;
    if (!element) return;
    const root = document.documentElement;
    const keepRoom = () => root.style.setProperty("--cookie-banner-height", `${element.offsetHeight}px`);
    keepRoom();
    root.setAttribute("data-cookie-banner", "");
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(keepRoom) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeAttribute("data-cookie-banner");
      root.style.removeProperty("--cookie-banner-height");
    };
  }, []);

  return (
    <section ref={banner} className={styles.banner} aria-labelledby="cookie-banner-title">
      <div className="page-width">
        <h2 id="cookie-banner-title" className={styles.title}>
          Cookies on Kindred Funeral Plans
        </h2>
        <p className={styles.text}>
          We would like cookies from other companies for {listInWords(configuredThirdPartyKinds(settings))}.
          {settings.errorReporting ? " If a page fails, we are told either way, to fix it." : null}
        </p>
        <div className={styles.actions}>
          <button type="button" className="button" onClick={onAcceptAll}>
            Accept extra cookies
          </button>
          <button type="button" className="button" onClick={onRejectAll}>
            Reject extra cookies
          </button>
          <p className={styles.more}>
            <button type="button" className="link-button" onClick={onChoose}>
              Choose cookies
            </button>
            <Link href="/cookie-policy">Our cookie policy</Link>
          </p>
        </div>
      </div>
    </section>
  );
}
