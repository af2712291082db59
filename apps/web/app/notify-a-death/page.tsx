import type { Metadata } from "next";
import { NotifyADeathScreen } from "@/features/notify-a-death/notify-a-death-screen";

export const metadata: Metadata = {
  title: "Tell us that someone has died",
  description:
    "Tell Kindred Funeral Plans that someone has died, online at any time or on our phone line answered 24 hours a day. Anyone can tell us: family, a friend, an executor or a funeral director.",
};

export default function Page() {
  return <NotifyADeathScreen />;
}
