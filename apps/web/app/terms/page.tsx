import { LegalPage, legalPageMetadata } from "@/features/information/legal-page";

export const metadata = legalPageMetadata("terms-and-conditions");

export default function Page() {
  return <LegalPage reference="terms-and-conditions" />;
}
