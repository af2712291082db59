"use client";

import { useState } from "react";
import type { BrowserSettings } from "../lib/browser-settings";
import type { ConsentCategory, CookieConsent } from "../lib/cookie-consent";
import { Checkbox } from "./checkbox";
import { describeExtras, listInWords } from "./cookie-extras";
import { Modal } from "./modal";
import styles from "./cookie-consent.module.css";

type Choice = Pick<CookieConsent, "analytics" | "functional">;

/**
 * "Cookie settings": each category with what is in it. Strictly necessary storage is always on
 * and explained; the others start as the visitor last chose, or unticked (never ticked for them).
 */
export function CookieChoices({
  open,
  settings,
  categories,
  current,
  onSave,
  onClose,
}: {
  open: boolean;
  settings: BrowserSettings;
  categories: readonly ConsentCategory[];
  current: Choice | null;
  onSave: (choice: Choice) => void;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title="Cookie settings" describedBy="cookie-choices-intro">
      {/* Remade each time it opens, so it starts from the choice as saved. */}
      {open ? (
        <ChoicesForm settings={settings} categories={categories} current={current} onSave={onSave} />
      ) : null}
    </Modal>
  );
}

function ChoicesForm({
  settings,
  categories,
  current,
  onSave,
}: {
  settings: BrowserSettings;
  categories: readonly ConsentCategory[];
  current: Choice | null;
  onSave: (choice: Choice) => void;
}) {
  const [choice, setChoice] = useState<Choice>(current ?? { analytics: false, functional: false });
  const { functional, analytics } = describeExtras(settings);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(choice);
      }}
    >
      <p id="cookie-choices-intro">
        Choose which cookies we may use. You can change your mind at any time from &ldquo;Cookie
        settings&rdquo; at the bottom of every page.
      </p>

      <section className={styles.category} aria-labelledby="cookies-necessary">
        <h3 id="cookies-necessary" className={styles.categoryTitle}>
          Strictly necessary <span className={styles.alwaysOn}>Always on</span>
        </h3>
        <p className={styles.categoryText}>
          These make the site work, so they cannot be switched off. They remember your plan as you build it,
          keep you signed in, and remember your text size, contrast and these choices. They are kept in your
          browser and are not shared with anyone.
          {settings.errorReporting
            ? " If a page goes wrong, our error-reporting service sends us a report of the error whatever you choose, with your answers and details taken out. It keeps nothing on your device."
            : null}
        </p>
      </section>

      {categories.includes("analytics") ? (
        <section className={styles.category} aria-labelledby="cookies-analytics">
          <h3 id="cookies-analytics" className={styles.categoryTitle}>
            Measuring how the site is used
          </h3>
          <Checkbox
            id="cookie-choice-analytics"
            label="Allow cookies that measure how people use the site"
            hint={`Other companies help us with ${listInWords(analytics)}.`}
            checked={choice.analytics}
            onChange={(analyticsAllowed) =>
              setChoice((previous) => ({ ...previous, analytics: analyticsAllowed }))
            }
          />
        </section>
      ) : null}

      {categories.includes("functional") ? (
        <section className={styles.category} aria-labelledby="cookies-functional">
          <h3 id="cookies-functional" className={styles.categoryTitle}>
            Extra features
          </h3>
          <Checkbox
            id="cookie-choice-functional"
            label="Allow extra features from other companies"
            hint={`These are ${listInWords(functional)}.`}
            checked={choice.functional}
            onChange={(functionalAllowed) =>
              setChoice((previous) => ({ ...previous, functional: functionalAllowed }))
            }
          />
        </section>
      ) : null}

      <button type="submit" className="button">
        Save my cookie settings
      </button>
    </form>
  );
}
