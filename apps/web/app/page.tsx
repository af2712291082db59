import { HomePage } from "@/features/content/home-page";

export default function Page() {
  return <HomePage />;
}
