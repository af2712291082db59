import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isStaffQueueScreenName, staffQueueScreens } from "@/features/staff/staff-queue-screens";
import { StaffQueueScreen } from "@/features/staff/staff-queues-screen";

type Params = Promise<{ queue: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { queue } = await params;
  return { title: isStaffQueueScreenName(queue) ? staffQueueScreens[queue].title : "Page not found" };
}

export default async function Page({ params }: { params: Params }) {
  const { queue } = await params;
  // The five queues are known in advance; any other name is not a page.
  if (!isStaffQueueScreenName(queue)) notFound();
  return <StaffQueueScreen name={queue} />;
}
