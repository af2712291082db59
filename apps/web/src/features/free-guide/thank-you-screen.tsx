import Link from "next/link";
import { freeGuide } from "@kindred/domain";
import { CallUs } from "../../components/phone-link";
import styles from "./free-guide.module.css";

/**
 * `/free-guide/thank-you`: the guide is on its way by email, and can be downloaded here now.
 * What happens next, and where to go from here: the funeral advice articles and the planning
 * journey.
 */
export function ThankYouScreen() {
  return (
    <div className={`page-width plain-page ${styles.page}`}>
      <div className="success-box" role="status">
        <h1 className="success-box__title">Thank you. Your guide is on its way</h1>
        <p>
          We have emailed your free guide to you. It should arrive in the next few minutes. If it does not,
          please look in your junk or spam folder.
        </p>
      </div>

      <section aria-labelledby="read-it-now">
        <h2 id="read-it-now">Read it now</h2>
        <p>You do not need to wait for the email. The guide is a PDF you can read on screen or print out.</p>
        <ul className={styles.downloads}>
          <li>
            <a href={freeGuide.webPath} className="button">
              Download the guide (PDF)
            </a>
          </li>
          <li>
            <a href={`${freeGuide.webPath}?print=large`}>Download the guide in large print (PDF)</a>
          </li>
        </ul>
      </section>

      <section aria-labelledby="what-next">
        <h2 id="what-next">What happens next</h2>
        <ul className={styles.nextSteps}>
          <li>Read the guide in your own time. There is no rush, and nothing you need to do.</li>
          <li>
            We will only contact you in the ways you ticked. If you did not tick any, we will not contact you
            again unless you ask us to.
          </li>
          <li>
            It can help to talk the guide&apos;s checklist through with your family, and to keep your notes
            somewhere safe.
          </li>
        </ul>
      </section>

      <section aria-labelledby="where-next">
        <h2 id="where-next">When you are ready</h2>
        <ul className="link-list">
          <li>
            <Link href="/funeral-advice">Read our funeral advice</Link>, written to help you think things
            through.
          </li>
          <li>
            <Link href="/planning">Start planning a funeral</Link>, one simple question at a time, seeing the
            price as you go. You can save your plan and come back to it.
          </li>
        </ul>
        <CallUs className="call-us" />
      </section>
    </div>
  );
}
