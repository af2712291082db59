import { LegalPage, legalPageMetadata } from "@/features/information/legal-page";

export const metadata = legalPageMetadata("guaranteed-costs-and-contributions-explained");

export default function Page() {
  return <LegalPage reference="guaranteed-costs-and-contributions-explained" />;
}
