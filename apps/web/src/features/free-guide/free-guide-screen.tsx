import { CallUs } from "../../components/phone-link";
import { FreeGuideForm } from "./free-guide-form";
import styles from "./free-guide.module.css";

/** The guide's chapters, as content/guide has them. */
const chapters = [
  {
    title: "The choices a funeral involves",
    text: "Choosing a funeral director, burial or cremation, direct cremation, the service, the coffin, flowers, cars and the gathering afterwards.",
  },
  {
    title: "What a funeral typically costs",
    text: "Typical price ranges for each part of a funeral in the UK, so you know what to expect.",
  },
  {
    title: "How prepaid funeral plans work",
    text: "What is guaranteed and what is not, how the money is protected by law, and the questions to ask before you buy.",
  },
  {
    title: "A checklist to talk through with your family",
    text: "The wishes and practical details worth writing down, so nobody has to guess.",
  },
] as const;

/**
 * `/free-guide`: what the free guide holds, and the short form that sends it. No obligation, and
 * nobody is contacted in a way they did not choose.
 */
export function FreeGuideScreen() {
  return (
    <div className={`page-width plain-page ${styles.page}`}>
      <h1>Your free guide to planning a funeral</h1>
      <p className="lead">
        A clear, friendly guide to the decisions a funeral involves and what they cost, whether you are
        thinking about your own funeral or helping someone you love. It is free, and there is no obligation.
      </p>

      <section className={styles.contents} aria-labelledby="guide-contents">
        <h2 id="guide-contents">What the guide covers</h2>
        <ul className={styles.chapters}>
          {chapters.map((chapter) => (
            <li key={chapter.title}>
              <strong>{chapter.title}</strong>
              <span>{chapter.text}</span>
            </li>
          ))}
        </ul>
        <p>It is a PDF you can read on screen or print out, in standard or large print.</p>
      </section>

      <section aria-labelledby="get-the-guide">
        <h2 id="get-the-guide">Get your free guide</h2>
        <p>Tell us where to send it. It only takes a minute.</p>
        <FreeGuideForm />
      </section>

      <section className={styles.talk} aria-labelledby="rather-talk">
        <h2 id="rather-talk">Would you rather talk to someone?</h2>
        <p>We are happy to answer any question about planning a funeral, with no pressure at all.</p>
        <CallUs className="call-us" />
      </section>
    </div>
  );
}
