"use client";

import { useEffect, useRef } from "react";
import type { BrowserSettings } from "../lib/browser-settings";
import type { ConsentCategory } from "../lib/cookie-consent";
import { listInWords, shortNamesOfExtras } from "./cookie-extras";
import styles from "./cookie-consent.module.css";

/**
 * The cookie banner (PECR): what we would like to use and why, with "Accept extra cookies" and
 * "Reject extra cookies" side by side in the same style and size, and "Choose cookies" for the
 * categories one by one. It sits over the bottom of the page and is not a dialog: it takes no
 * focus and traps none, and the page behind stays usable. It is first in the page's order, so
 * a keyboard or screen reader user meets it first.
 */
export function CookieBanner({
  settings,
  categories,
  onAcceptAll,
  onRejectAll,
  onChoose,
}: {
  settings: BrowserSettings;
  categories: readonly ConsentCategory[];
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

  const uses = [
    categories.includes("analytics") ? "to understand how the site is used" : null,
    categories.includes("functional") ? `for ${listInWords(shortNamesOfExtras(settings))}` : null,
  ].filter(Boolean);

  return (
    <section ref={banner} className={styles.banner} aria-labelledby="cookie-banner-title">
      <div className="page-width">
        <h2 id="cookie-banner-title" className={styles.title}>
          Cookies on Kindred Funeral Plans
        </h2>
        <p className={styles.text}>
          We use essential cookies to make this site work. If you agree, we would also like to use extra
          cookies from other companies {uses.join(", and ")}.
        </p>
        <div className={styles.actions}>
          <button type="button" className="button" onClick={onAcceptAll}>
            Accept extra cookies
          </button>
          <button type="button" className="button" onClick={onRejectAll}>
            Reject extra cookies
          </button>
          <button type="button" className="button button--secondary" onClick={onChoose}>
            Choose cookies
          </button>
        </div>
      </div>
    </section>
  );
}
