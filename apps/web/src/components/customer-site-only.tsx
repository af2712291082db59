"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { isStaffPath } from "../lib/staff-area";

/**
 * What only the customer site shows (its header, footer and campaign capture): left out under
 * `/staff`, which has a frame of its own (decision 031), without moving the site's routes.
 */
export function CustomerSiteOnly({ children }: { children: ReactNode }) {
  return isStaffPath(usePathname()) ? null : children;
}
