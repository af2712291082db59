import type { MetadataRoute } from "next";
import { getServerConfig } from "@/lib/server-config.server";

// The sitemap's address is the site's public one, known only when the server runs.
export const dynamic = "force-dynamic";

/** Search engines may read the public pages; a person's account, purchase and the API are not for them. */
export default function robots(): MetadataRoute.Robots {
  const origin = getServerConfig().SITE_URL;
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/account", "/purchase", "/api", "/token"] },
    sitemap: `${origin}/sitemap.xml`,
  };
}
