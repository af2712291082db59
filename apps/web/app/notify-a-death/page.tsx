import { NotifyADeathScreen } from "@/features/notify-a-death/notify-a-death-screen";
import { publicPageMetadata } from "@/lib/page-metadata";

export const metadata = publicPageMetadata({
  title: "Tell us that someone has died",
  description:
    "Tell Kindred Funeral Plans that someone has died, online at any time or on our phone line answered 24 hours a day. Anyone can tell us: family, a friend, an executor or a funeral director.",
  path: "/notify-a-death",
});

export default function Page() {
  return <NotifyADeathScreen />;
}
