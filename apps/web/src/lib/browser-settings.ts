import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * The settings a browser needs for the page shell's extras: the cookie policy's version, which
 * third parties are configured and error reporting. The pages are built once and served as they
 * are, so these come from the running server (`GET /browser-settings`, read from the environment
 * by `web-config.ts`) rather than being fixed into the build: one build serves every deployment,
 * and the feedback sidebar can be left out of one of them by a setting alone.
 */

/** The third parties of the page shell, each off while its setting is unset. */
export type ThirdPartyName = "visitorTracking" | "helpChat" | "reviews" | "feedback";

export interface ThirdPartyScript {
  /** The script to load (https only). */
  scriptUrl: string;
  /** The account or site id it is started with. */
  id?: string;
}

export interface ErrorReportingSettings {
  dsn: string;
  release: string;
  environment?: string;
}

export interface BrowserSettings {
  cookiePolicyVersion: string;
  errorReporting: ErrorReportingSettings | null;
  thirdParties: Partial<Record<ThirdPartyName, ThirdPartyScript>>;
}

/** Where browsers read them. */
const browserSettingsPath = "/browser-settings";

/** How long a browser keeps them before asking again, in seconds (the answer's Cache-Control). */
export const browserSettingsMaxAgeSeconds = 300;

const browserSettingsQuery = queryOptions({
  queryKey: ["browser-settings"],
  queryFn: async (): Promise<BrowserSettings> => {
    const response = await fetch(browserSettingsPath, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`The browser settings could not be read (${response.status}).`);
    return (await response.json()) as BrowserSettings;
  },
  // Read once per page load; a new deployment's settings arrive with the next page load.
  staleTime: Infinity,
  gcTime: Infinity,
});

/**
 * The browser settings, or undefined while they load (and if they cannot be read: then the page
 * works without any extra, which is what a visitor who has not chosen sees anyway).
 */
export function useBrowserSettings(): BrowserSettings | undefined {
  return useQuery(browserSettingsQuery).data;
}
