import { PrivacyPolicyPage, privacyPolicyMetadata } from "@/features/information/privacy-policy-page";

export const metadata = privacyPolicyMetadata();

export default function Page() {
  return <PrivacyPolicyPage />;
}
