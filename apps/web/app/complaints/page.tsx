import { PolicyPage, policyPageMetadata } from "@/features/information/policy-page";

export const metadata = policyPageMetadata("complaints");

export default function Page() {
  return <PolicyPage slug="complaints" />;
}
