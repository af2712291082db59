import type { Metadata } from "next";
import { NotFoundPage } from "@/features/content/not-found-page";

export const metadata: Metadata = {
  title: "Page not found",
  robots: { index: false, follow: true },
};

export default function NotFound() {
  return <NotFoundPage />;
}
