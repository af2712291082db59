import { LegalPage, legalPageMetadata } from "@/features/information/legal-page";

export const metadata = legalPageMetadata("initial-disclosure-document");

export default function Page() {
  return <LegalPage reference="initial-disclosure-document" />;
}
