"use client";

import { useState } from "react";
import { useBrowserSettings } from "../lib/browser-settings";
import { allows, openCookieChoices, useCookieConsent } from "../lib/cookie-consent";
import { ThirdPartyScript } from "./third-party-script";
import styles from "./cookie-consent.module.css";

/**
 * Reviews from customers, shown by the reviews provider's widget (REVIEWS_SCRIPT_URL). Until the
 * visitor allows extra features, a placeholder says why nothing is shown and offers the choice.
 * Without the setting, there is no section at all.
 */
export function ReviewsSection() {
  const settings = useBrowserSettings();
  const consent = useCookieConsent(settings?.cookiePolicyVersion);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const reviews = settings?.thirdParties.reviews;
  if (!reviews || consent.status === "unknown") return null;

  return (
    <section className="section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">What our customers say</h2>
      {allows(consent, "functional") ? (
        <>
          <div ref={setElement} className={styles.widget} data-reviews-widget="" />
          <ThirdPartyScript name="reviews" settings={reviews} element={element} />
        </>
      ) : (
        <div className={styles.placeholder}>
          <p>
            Reviews from our customers are shown by our reviews provider, another company. To see them, allow
            extra features from other companies.
          </p>
          <button type="button" className="button button--secondary" onClick={openCookieChoices}>
            Change cookie settings
          </button>
        </div>
      )}
    </section>
  );
}
