import type { Metadata } from "next";
import { publicPageMetadata } from "../../lib/page-metadata";
import type { PageFrontMatter } from "./information-page-file";

/** A page's own title, description, canonical address and sharing tags, from its front matter. */
export function informationPageMetadata(page: PageFrontMatter, path: string): Metadata {
  return publicPageMetadata({ title: page.title, description: page.description, path });
}
