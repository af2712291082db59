import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { AdviceArticlePage } from "@/features/advice/advice-article-page";
import { fetchAdviceArticle } from "@/lib/advice-articles.server";
import { publicPageMetadata } from "@/lib/page-metadata";
import { getServerConfig } from "@/lib/server-config.server";

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const details = await fetchAdviceArticle((await params).slug);
  if (!details) return { title: "Page not found", robots: { index: false, follow: true } };
  const { data: article, seo } = details;
  return publicPageMetadata({
    title: seo.title,
    description: seo.description,
    path: seo.path,
    sharedTitle: seo.title,
    article: {
      publishedTime: article.publishedOn,
      modifiedTime: article.updatedOn,
      section: article.category.name,
    },
  });
}

export default async function Page({ params }: { params: Params }) {
  const { slug } = await params;
  const details = await fetchAdviceArticle(slug);
  if (!details) notFound();
  // The API also knows an article by its number; the address people share is the slug.
  if (details.data.slug !== slug) permanentRedirect(details.data.path);
  return <AdviceArticlePage details={details} origin={getServerConfig().SITE_URL} />;
}
