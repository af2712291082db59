import { useState } from "react";
import { useRouter } from "next/navigation";
import { signIn as signInWithPassword, type SignIn } from "../../lib/customer-session";

/**
 * The account pages' "Sign in" button: whether the sign-in modal is open, and what signing in does.
 * By default a person signed in here goes to the home page.
 */
export function useSignInPrompt({ signIn, onSignedIn }: { signIn?: SignIn; onSignedIn?: () => void }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return {
    modalProps: {
      open,
      onClose: () => setOpen(false),
      signIn: signIn ?? signInWithPassword,
      onSignedIn: () => {
        setOpen(false);
        if (onSignedIn) onSignedIn();
        else router.push("/");
      },
    },
    openSignIn: () => setOpen(true),
  };
}
