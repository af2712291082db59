import type { Metadata } from "next";
import { firmDetails } from "@kindred/domain";
import { notFound, permanentRedirect } from "next/navigation";
import { AdviceArticlePage } from "@/features/advice/advice-article-page";
import { fetchAdviceArticle } from "@/lib/advice-articles.server";
import { getServerConfig } from "@/lib/server-config.server";

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const details = await fetchAdviceArticle((await params).slug);
  if (!details) return { title: "Page not found", robots: { index: false, follow: true } };
  const { data: article, seo } = details;
  return {
    title: seo.title,
    description: seo.description,
    alternates: { canonical: seo.path },
    openGraph: {
      type: "article",
      siteName: firmDetails.tradingName,
      locale: "en_GB",
      title: seo.title,
      description: seo.description,
      url: seo.path,
      publishedTime: article.publishedOn,
      modifiedTime: article.updatedOn,
      section: article.category.name,
    },
    twitter: { card: "summary", title: seo.title, description: seo.description },
  };
}

export default async function Page({ params }: { params: Params }) {
  const { slug } = await params;
  const details = await fetchAdviceArticle(slug);
  if (!details) notFound();
  // The API also knows an article by its number; the address people share is the slug.
  if (details.data.slug !== slug) permanentRedirect(details.data.path);
  return <AdviceArticlePage details={details} origin={getServerConfig().SITE_URL} />;
}
