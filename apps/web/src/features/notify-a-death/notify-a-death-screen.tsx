"use client";

import { useState } from "react";
import type { DeathNotificationResponse } from "@kindred/contracts";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { CallTheAtNeedLine } from "../../components/phone-link";
import { NotifyADeathForm } from "./notify-a-death-form";
import styles from "./notify-a-death.module.css";

/**
 * `/notify-a-death` (issue 23 item 4): anyone may tell us that someone has died, online or on the
 * line answered day and night. Once sent, the API's one answer and its reference, and what happens
 * next: the same words whether or not a plan was found, so nothing here says which.
 */
export function NotifyADeathScreen() {
  const [answer, setAnswer] = useState<DeathNotificationResponse | null>(null);
  return (
    <div className={`page-width plain-page ${styles.page}`}>
      {answer ? (
        <Answer answer={answer} />
      ) : (
        <>
          <h1>Tell us that someone has died</h1>
          <p className="lead">
            We are very sorry for your loss. You can tell us here, at any time of the day or night, and
            someone from our team will then call you to talk through what happens next.
          </p>
          <p>
            Anyone can tell us: family, a friend, an executor or solicitor, a care home or a funeral director.
            You do not need to know whether the person had a plan with us.
          </p>
          <section className={styles.callInstead} aria-labelledby="notify-a-death-call">
            <h2 id="notify-a-death-call">Would you rather talk to someone?</h2>
            <p>You can call us instead. We will take the details with you over the phone.</p>
            <CallTheAtNeedLine className="call-us" />
          </section>
          <p>Please answer everything you can. Only the questions marked optional can be left out.</p>
          <NotifyADeathForm onSent={setAnswer} />
        </>
      )}
    </div>
  );
}

function Answer({ answer }: { answer: DeathNotificationResponse }) {
  return (
    <div className={styles.after}>
      <FocusOnArrival>
        <div className="success-box" role="status">
          <h1 className="success-box__title">We have your message</h1>
          <p>{answer.message}</p>
          <p>
            Your reference is <strong className={styles.reference}>{answer.reference}</strong>. Please have it
            to hand if you call us.
          </p>
        </div>
      </FocusOnArrival>

      <section aria-labelledby="notify-a-death-next">
        <h2 id="notify-a-death-next">What happens next</h2>
        <ul className={styles.nextSteps}>
          <li>
            Someone from our team will call you on the number you gave us. They will go through everything at
            your pace and answer any questions you have.
          </li>
          <li>
            Where the person who died has a funeral plan with us, we write to the people named on it. Once the
            death is confirmed, we ask the funeral director in the plan to take care of them and arrange the
            funeral as it was planned.
          </li>
          <li>
            The death still needs to be registered at a register office: within 5 days in England, Wales and
            Northern Ireland, and within 8 days in Scotland. The doctor&apos;s medical certificate is needed
            first.
          </li>
        </ul>
      </section>

      <section aria-labelledby="notify-a-death-sooner">
        <h2 id="notify-a-death-sooner">If you need us sooner</h2>
        <p>You do not have to wait for our call.</p>
        <CallTheAtNeedLine className="call-us" />
      </section>
    </div>
  );
}
