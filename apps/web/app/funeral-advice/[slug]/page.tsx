import type { Metadata } from "next";
import { firmDetails } from "@kindred/domain";
import { notFound, permanentRedirect } from "next/navigation";
import { AdviceArticlePage } from "@/features/advice/advice-article-page";
import { fetchStory } from "@/lib/advice-stories.server";
import { getServerConfig } from "@/lib/server-config.server";

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const story = await fetchStory((await params).slug);
  if (!story) return { title: "Page not found", robots: { index: false, follow: true } };
  const { data: article, seo } = story;
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
  const story = await fetchStory(slug);
  if (!story) notFound();
  // The API also knows an article by its number; the address people share is the slug.
  if (story.data.slug !== slug) permanentRedirect(story.data.path);
  return <AdviceArticlePage story={story} origin={getServerConfig().SITE_URL} />;
}
