"use client";

import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import Link from "next/link";
import type { LegalDocument, Violation } from "@kindred/contracts";
import { journeyStepPath, publicDocumentsPath } from "@kindred/domain";
import { BackLink } from "../../components/back-link";
import { CheckboxInput } from "../../components/choice-inputs";
import { LoadingSpinner } from "../../components/loading-spinner";
import { CallUs } from "../../components/phone-link";
import { ViolationsBox } from "../../components/violations-box";
import styles from "./documents-screen.module.css";
import { LegalDocumentView } from "./legal-document-view";
import { downloadDocument, useLegalDocuments } from "./use-legal-documents";

function DownloadLink({ document }: { document: LegalDocument }) {
  const [problems, setProblems] = useState<Violation[]>([]);
  const label = `Download the ${document.title} (PDF)`;
  if (document.file.startsWith(`${publicDocumentsPath}/`)) {
    return (
      <p>
        <a href={document.file} download={document.fileName}>
          {label}
        </a>
      </p>
    );
  }
  return (
    <>
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void downloadDocument(document).then(setProblems)}
        >
          {label}
        </button>
      </p>
      {problems.length > 0 ? (
        <ViolationsBox title="Sorry, the document could not be downloaded" violations={problems} />
      ) : null}
    </>
  );
}

/**
 * The page around the documents, the same while they load, if they fail and once they come: the
 * way back to the summary and the page's one main heading (issue 25 item 11).
 */
function DocumentsPage({ children }: { children: ReactNode }) {
  return (
    <div className="page-width journey-page">
      <BackLink href={journeyStepPath("summary")} />
      <h1>Your plan documents</h1>
      {children}
    </div>
  );
}

/**
 * The documents screen (SPEC.md section 2): the six documents as tabs 0 to 5, each readable here
 * as HTML, downloadable as a PDF, and accepted one by one with its own checkbox. Reached from
 * the summary; a plan whose answers changed since shows why two need accepting again, and a
 * person who asked for braille or audio CD is told when theirs come.
 */
export function DocumentsScreen() {
  const { state, accept } = useLegalDocuments();
  const [selected, setSelected] = useState(0);
  const [problems, setProblems] = useState<Violation[]>([]);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  if (state.status === "loading") {
    return (
      <DocumentsPage>
        <LoadingSpinner label="Loading your plan documents…" />
      </DocumentsPage>
    );
  }
  if (state.status === "failed") {
    return (
      <DocumentsPage>
        <ViolationsBox title="Sorry, we could not load your plan documents" violations={state.violations}>
          <p>
            Please go back to <Link href={journeyStepPath("summary")}>your plan summary</Link> and try again,
            or call us.
          </p>
          <CallUs className="call-us" />
        </ViolationsBox>
      </DocumentsPage>
    );
  }

  const { documents, allAccepted, alternativeFormat } = state;
  const current = documents[selected] ?? documents[0];
  const acceptedCount = documents.filter((document) => document.accepted).length;
  // At the foot of a document just accepted, the next one still to read, so a person on a phone
  // need not scroll all the way back up to the tabs (issue 25 item 5).
  const nextToRead = current
    ? (documents.find((document) => document.index > current.index && !document.accepted) ??
      documents.find((document) => document.index < current.index && !document.accepted))
    : undefined;

  /** Opens a document's tab, and moves there: focusing the tab brings it into view. */
  function open(index: number) {
    setSelected(index);
    tabs.current[index]?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const last = documents.length - 1;
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? selected === last
          ? 0
          : selected + 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? selected === 0
            ? last
            : selected - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    open(next);
  }

  return (
    <DocumentsPage>
      <p>
        Before you buy, please read each of these six documents and tick to say you accept it. You can
        download any of them to keep. {acceptedCount} of {documents.length} accepted.
      </p>
      {alternativeFormat ? (
        <div className="info-box">
          <p>{alternativeFormat.message}</p>
        </div>
      ) : null}
      {problems.length > 0 ? (
        <ViolationsBox title="Sorry, your answer could not be saved" violations={problems} />
      ) : null}
      <div className={styles.tabs} role="tablist" aria-label="Your plan documents">
        {documents.map((document) => (
          <button
            key={document.docReference}
            ref={(element) => {
              tabs.current[document.index] = element;
            }}
            type="button"
            role="tab"
            id={`document-tab-${document.index}`}
            aria-selected={document.index === selected}
            aria-controls={`document-panel-${document.index}`}
            tabIndex={document.index === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(document.index)}
            onKeyDown={onTabKey}
          >
            {document.title}
            <span className={styles.tabStatus}>
              {document.accepted ? "Accepted" : document.notice ? "Please accept again" : "To read"}
            </span>
          </button>
        ))}
      </div>
      {current ? (
        <section
          role="tabpanel"
          id={`document-panel-${current.index}`}
          aria-labelledby={`document-tab-${current.index}`}
          tabIndex={0}
          className={styles.panel}
        >
          {current.notice ? (
            <div className="error-box" role="status">
              <p>{current.notice}</p>
            </div>
          ) : null}
          <DownloadLink document={current} />
          <div className={styles.document}>
            <LegalDocumentView blocks={current.blocks} />
          </div>
          <div className={styles.acceptance}>
            <CheckboxInput
              id={`accept-${current.docReference}`}
              checked={current.accepted}
              onTick={(ticked) => void accept(current.docReference, ticked).then(setProblems)}
            />
            <label htmlFor={`accept-${current.docReference}`}>
              I have read and accept the {current.title}
            </label>
          </div>
          {current.accepted && nextToRead ? (
            <p className={styles.nextDocument}>
              <button type="button" className="button" onClick={() => open(nextToRead.index)}>
                Next document: {nextToRead.title}
              </button>
            </p>
          ) : null}
        </section>
      ) : null}
      {allAccepted ? (
        <div className="success-box" role="status">
          <h2 className="success-box__title">You have accepted all six documents</h2>
          <p>Next, tell us about yourself and anyone else involved in the plan.</p>
          <Link href="/purchase" className="button">
            Continue to buy your plan
          </Link>
        </div>
      ) : null}
    </DocumentsPage>
  );
}
