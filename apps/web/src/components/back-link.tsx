import Link from "next/link";

export function BackLink({ href, onClick }: { href: string; onClick?: () => void }) {
  return (
    <Link href={href} className="back-link" onClick={onClick}>
      Back
    </Link>
  );
}
