"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { captureUtmParams } from "../lib/utm-params";

/**
 * Keeps the campaign (`utm_source` and the rest) of the address a visitor lands on, on any page,
 * for their request for the free guide (SPEC.md section 3: `freeGuideUTMParams`). It is in the
 * site's layout and shows nothing; it looks again whenever the page changes.
 */
export function UtmCapture() {
  const pathname = usePathname();
  useEffect(() => {
    captureUtmParams(window.location.search);
  }, [pathname]);
  return null;
}
