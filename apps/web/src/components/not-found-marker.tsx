"use client";

import { useEffect } from "react";
import { markNotFoundPage } from "../lib/error-reporting";

/**
 * Marks the not-found page for error reporting, whose transactions for it are dropped (SPEC.md
 * section 1): the attribute is found when reporting starts on this page, and the effect marks a
 * move to it within the app.
 */
export function NotFoundMarker() {
  useEffect(() => markNotFoundPage(), []);
  return <span hidden data-not-found-page="" />;
}
