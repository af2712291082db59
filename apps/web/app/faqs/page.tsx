import { FaqsPage, faqsMetadata } from "@/features/information/faqs-page";

export const metadata = faqsMetadata();

export default function Page() {
  return <FaqsPage />;
}
