import type { ReactNode } from "react";
import { CallUs } from "../../components/phone-link";
import { firmDetails } from "@kindred/domain";
import type { PageBlock } from "../../components/page-markdown";
import styles from "./information.module.css";

/** The blocks before a page's first main heading (its introduction), and the rest. */
export function splitIntroduction(blocks: readonly PageBlock[]): {
  introduction: PageBlock[];
  rest: PageBlock[];
} {
  const first = blocks.findIndex((block) => block.kind === "heading" && block.level === 2);
  const at = first === -1 ? blocks.length : first;
  return { introduction: blocks.slice(0, at), rest: blocks.slice(at) };
}

/** An information page: its title, then its text, at a comfortable reading width. */
export function InformationPageShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page-width">
      <div className={styles.page}>
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** For anyone who would rather talk: the phone number, its hours and our email address. */
export function RatherTalk({ heading }: { heading: string }) {
  return (
    <section className={`callout ${styles.ratherTalk}`} aria-labelledby="rather-talk">
      <h2 id="rather-talk">{heading}</h2>
      <CallUs className="call-us" />
      <p>
        Or email us at <a href={`mailto:${firmDetails.email}`}>{firmDetails.email}</a>.
      </p>
    </section>
  );
}
