import { PolicyPage, policyPageMetadata } from "@/features/information/policy-page";

export const metadata = policyPageMetadata("cookie-policy");

export default function Page() {
  return <PolicyPage slug="cookie-policy" />;
}
