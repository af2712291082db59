"use client";

import { messages } from "@kindred/domain";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { CallTheAtNeedLine } from "../../components/phone-link";
import { SuccessBox } from "../../components/success-box";
import { ApiRequestError } from "../../lib/api-query";
import { deathReportLinkTitles } from "./death-report-link-titles";
import { useDeathReportAnswer } from "./notify-a-death-requests";
import styles from "./notify-a-death.module.css";

const plansPeople = ["customer", "payer", "nominee"] as const;
type PlansPerson = (typeof plansPeople)[number];

export interface DeathReportLink {
  action: "confirm" | "not-right";
  caseId: string;
  /** For "not right": whom on the plan the email was to. */
  who: string;
  signature: string;
}

const words = {
  confirm: {
    title: deathReportLinkTitles.confirm,
    lead: "Someone has told us that the person covered by a funeral plan you are named on has died. We are very sorry if this is so.",
    detail:
      "When you confirm it, we ask the funeral director in the plan to take them into their care, stop any payments still to come, and call you to talk through what happens next. Please confirm it only if you know the death has happened.",
    button: "Yes, confirm that they have died",
    failed: "We could not confirm it here",
  },
  "not-right": {
    title: deathReportLinkTitles["not-right"],
    lead: "Someone has told us of a death under a funeral plan you are on. If that is not right, tell us here and nothing will be done under the plan while we find out.",
    detail: "Someone from our team will call you, on the number we hold for you, to put it right.",
    button: "This is not right",
    failed: "We could not take your answer here",
  },
} as const;

/**
 * `/notify-a-death/confirm` and `/notify-a-death/not-right` (decision 040), from the email we
 * send everyone on a plan when a death is reported. Opening the page does nothing (an email
 * scanner may open it); the button does. A link that is not whole is said so, with the line to call.
 */
export function DeathReportLinkScreen({ link }: { link: DeathReportLink }) {
  const answer = useDeathReportAnswer();
  const text = words[link.action];
  const who = plansPeople.find((person) => person === link.who);
  const whole =
    link.caseId !== "" && link.signature !== "" && (link.action === "confirm" || who !== undefined);

  function send() {
    if (link.action === "confirm")
      answer.mutate({ action: "confirm", caseId: link.caseId, signature: link.signature });
    else
      answer.mutate({
        action: "not-right",
        caseId: link.caseId,
        who: who as PlansPerson,
        signature: link.signature,
      });
  }

  const refusal =
    answer.error instanceof ApiRequestError && answer.error.status !== 400
      ? answer.error.violations.map((violation) => violation.title).join(" ")
      : answer.error
        ? messages.deathReportLinkNotRight
        : null;

  return (
    <div className={`page-width plain-page ${styles.page}`}>
      <h1>{answer.data ? "Thank you for telling us" : text.title}</h1>
      {answer.data ? (
        <FocusOnArrival>
          <SuccessBox>
            <p>{answer.data.message}</p>
          </SuccessBox>
        </FocusOnArrival>
      ) : !whole ? (
        <div className="error-box" role="alert">
          <h2 className="error-box__title">{text.failed}</h2>
          <p>{messages.deathReportLinkNotRight}</p>
        </div>
      ) : (
        <>
          <p className="lead">{text.lead}</p>
          <p>{text.detail}</p>
          {refusal ? (
            <div className="error-box" role="alert">
              <h2 className="error-box__title">{text.failed}</h2>
              <p>{refusal}</p>
            </div>
          ) : null}
          <p>
            <button type="button" className="button" onClick={send} disabled={answer.isPending}>
              {answer.isPending ? "Sending…" : text.button}
            </button>
          </p>
        </>
      )}
      <section className={styles.callInstead} aria-labelledby="death-report-call">
        <h2 id="death-report-call">
          {answer.data ? "If you need us sooner" : "Would you rather talk to someone?"}
        </h2>
        <CallTheAtNeedLine className="call-us" />
      </section>
    </div>
  );
}
