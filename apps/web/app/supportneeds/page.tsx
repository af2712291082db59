import { SupportNeedsPage, supportNeedsMetadata } from "@/features/information/support-needs-page";

export const metadata = supportNeedsMetadata();

export default function Page() {
  return <SupportNeedsPage />;
}
