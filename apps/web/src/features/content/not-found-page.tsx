import Link from "next/link";
import { NotFoundMarker } from "../../components/not-found-marker";
import { CallUs } from "../../components/phone-link";

export function NotFoundPage() {
  return (
    <div className="page-width plain-page">
      <h1>Sorry, we cannot find that page</h1>
      <p className="lead">
        The address may have been typed slightly wrong, or the page may have moved. Nothing you have chosen so
        far has been lost.
      </p>
      <h2>Where would you like to go?</h2>
      <ul className="link-list">
        <li>
          <Link href="/">Go to the home page</Link>
        </li>
        <li>
          <Link href="/planning/attendance">Start planning your funeral</Link>
        </li>
      </ul>
      <h2>Would you rather talk to someone?</h2>
      <CallUs className="call-us" />
      <NotFoundMarker />
    </div>
  );
}
