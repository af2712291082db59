import type { Metadata } from "next";
import { notFound } from "next/navigation";
import {
  isStaffQueueScreenName,
  StaffQueueScreen,
  staffQueueScreens,
} from "@/features/staff/staff-queues-screen";

type Params = Promise<{ queue: string }>;

/** The five queues are known in advance; any other name is not a page. */
export const dynamicParams = false;

export function generateStaticParams() {
  return Object.keys(staffQueueScreens).map((queue) => ({ queue }));
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { queue } = await params;
  return { title: isStaffQueueScreenName(queue) ? staffQueueScreens[queue].title : "Page not found" };
}

export default async function Page({ params }: { params: Params }) {
  const { queue } = await params;
  if (!isStaffQueueScreenName(queue)) notFound();
  return <StaffQueueScreen name={queue} />;
}
