import type { Metadata } from "next";
import { ForgottenPasswordScreen } from "@/features/account/forgotten-password-screen";

export const metadata: Metadata = {
  title: "Forgotten your password?",
  description: "Get a link to choose a new password for your Kindred Funeral Plans account.",
};

export default function Page() {
  return <ForgottenPasswordScreen />;
}
