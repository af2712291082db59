import { PolicyPage, policyPageMetadata } from "@/features/information/policy-page";

export const metadata = policyPageMetadata("privacy-policy");

export default function Page() {
  return <PolicyPage slug="privacy-policy" />;
}
