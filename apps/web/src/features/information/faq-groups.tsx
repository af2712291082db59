import type { FaqContent } from "./faq";
import { PageBlocksView } from "../../components/page-blocks-view";
import styles from "./information.module.css";

/** Each group's questions; each question opens on its own to show its answer. */
export function FaqGroups({ groups }: { groups: FaqContent["groups"] }) {
  return groups.map((group) => (
    <section key={group.id} className={styles.group} aria-labelledby={group.id}>
      <h2 id={group.id} className={styles.groupHeading}>
        {group.title}
      </h2>
      <div className={styles.questions}>
        {group.questions.map((question) => (
          <details key={question.id} id={question.id} className={styles.question}>
            <summary className={styles.summary}>{question.question}</summary>
            <div className={styles.answer}>
              <PageBlocksView blocks={question.answer} />
            </div>
          </details>
        ))}
      </div>
      <p className={styles.backToTopics}>
        <a href="#contents-title">Back to the list of topics</a>
      </p>
    </section>
  ));
}
