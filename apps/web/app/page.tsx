import type { Metadata } from "next";
import { JsonLd } from "@/components/json-ld";
import { HomePage } from "@/features/content/home-page";
import { organizationJsonLd } from "@/features/content/organization-json-ld";
import { fetchLatestAdviceArticles } from "@/lib/advice-articles.server";
import { sharingTags, siteDescription, siteTitle } from "@/lib/page-metadata";
import { fetchPlanOptions } from "@/lib/plan-options.server";
import { getServerConfig } from "@/lib/server-config.server";

// The layout's title and description; the address search engines list is this one.
export const metadata: Metadata = {
  alternates: { canonical: "/" },
  ...sharingTags(siteTitle, siteDescription, "/"),
};

/** Without the API the home page still stands: it leaves out the prices and the latest advice. */
function orNothing(what: string) {
  return (error: unknown): null => {
    console.warn(`The home page is shown without ${what}:`, error instanceof Error ? error.message : error);
    return null;
  };
}

export default async function Page() {
  const [packages, latestAdvice] = await Promise.all([
    fetchPlanOptions()
      .then((options) => options.packages.filter((planPackage) => planPackage.visible))
      .catch(orNothing("the plans' prices")),
    fetchLatestAdviceArticles(3).catch(orNothing("the latest advice")),
  ]);
  return (
    <>
      {/* Who the regulated firm is, for search engines: on the home page, as they look for it. */}
      <JsonLd data={organizationJsonLd(getServerConfig().SITE_URL)} />
      <HomePage packages={packages} latestAdvice={latestAdvice} />
    </>
  );
}
