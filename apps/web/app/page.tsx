import { HomePage } from "@/features/content/home-page";
import { fetchLatestAdviceArticles } from "@/lib/advice-articles.server";
import { fetchPlanOptions } from "@/lib/plan-options.server";

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
  return <HomePage packages={packages} latestAdvice={latestAdvice} />;
}
