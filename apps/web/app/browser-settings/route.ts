import { getServerConfig } from "@/lib/server-config.server";

// Read from the running server's settings on every request, never fixed into the build.
export const dynamic = "force-dynamic";

/** How long a browser keeps them before asking again, in seconds. */
const browserSettingsMaxAgeSeconds = 300;

/** What browsers need for the page shell's extras (`src/lib/browser-settings.ts`); nothing secret. */
export function GET(): Response {
  return Response.json(getServerConfig().BROWSER_SETTINGS, {
    headers: { "cache-control": `public, max-age=${browserSettingsMaxAgeSeconds}` },
  });
}
