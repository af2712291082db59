import { PolicyPage, policyPageMetadata } from "@/features/information/policy-page";

export const metadata = policyPageMetadata("accessibility");

export default function Page() {
  return <PolicyPage slug="accessibility" />;
}
