import Link from "next/link";

export function BackLink({ href }: { href: string }) {
  return (
    <Link href={href} className="back-link">
      Back
    </Link>
  );
}
