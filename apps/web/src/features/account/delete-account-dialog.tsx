"use client";

import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { AccountDeletion, DeletedAccountResponse, PlanResponse, Violation } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { LoadingSpinner } from "../../components/loading-spinner";
import { Modal } from "../../components/modal";
import { PasswordField } from "../../components/password-field";
import { CallUs } from "../../components/phone-link";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { forgetDeletedAccount } from "../../lib/customer-session";
import { planQueries } from "../../lib/plan-queries";
import { accountDeletionQuery } from "./account-queries";
import { deleteAccount } from "./account-requests";
import { planName } from "./plan-name";

/** Each plan's name, as its card on the account shows it, by the plan's id. */
function usePlanNames(plans: readonly PlanResponse[]): (planId: string) => string {
  const people = useQueries({ queries: plans.map((plan) => planQueries.people(plan.id)) });
  return (planId) => {
    const index = plans.findIndex((plan) => plan.id === planId);
    const plan = plans[index];
    if (!plan) return "Your plan";
    const them = people[index]?.data;
    return planName(them ? (them.coveredPerson ?? them.customer) : null, plan.sections);
  };
}

function KeptPlans({
  kept,
  nameOf,
  referenceOf,
}: {
  kept: AccountDeletion["kept"];
  nameOf: (planId: string) => string;
  referenceOf: (planId: string) => string;
}) {
  return (
    <ul>
      {kept.map((plan) => (
        <li key={plan.planId}>
          <strong>{nameOf(plan.planId)}</strong> (plan reference {referenceOf(plan.planId)}).{" "}
          {plan.explanation}
        </li>
      ))}
    </ul>
  );
}

/**
 * Deleting the account (decision 030): what goes and what the law makes us keep, read first, then
 * confirmed with the person's password.
 */
export function DeleteAccountDialog({
  plans,
  onClose,
}: {
  plans: readonly PlanResponse[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const preview = useQuery(accountDeletionQuery());
  const nameOf = usePlanNames(plans);
  // The short reference the account shows (decision 045); the id only for a plan not listed.
  const referenceOf = (planId: string) => plans.find((plan) => plan.id === planId)?.reference ?? planId;
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [failure, setFailure] = useState<readonly Violation[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<DeletedAccountResponse | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password === "") {
      setPasswordError(messages.required);
      return;
    }
    setBusy(true);
    setFailure(null);
    const answer = await deleteAccount({ password });
    setBusy(false);
    if (!answer.ok) {
      const onPassword = answer.data.violations.filter((violation) => violation.propertyPath === "password");
      if (onPassword.length > 0) setPasswordError(onPassword.map((violation) => violation.title).join(" "));
      else setFailure(answer.data.violations);
      return;
    }
    setPassword("");
    setDone(answer.data);
    if (answer.data.accountDeleted) forgetDeletedAccount();
    else void queryClient.invalidateQueries({ queryKey: planQueries.saved().queryKey });
  }

  if (done) {
    return (
      <Modal
        open
        onClose={done.accountDeleted ? () => window.location.assign("/") : onClose}
        title={done.accountDeleted ? "Your account has been deleted" : "We have deleted what we can"}
        type="prompt"
        size="prompt"
      >
        <div className="success-box" role="status">
          <p>{done.message}</p>
        </div>
        {done.kept.length > 0 ? (
          <>
            <h3>What we keep</h3>
            <KeptPlans kept={done.kept} nameOf={nameOf} referenceOf={referenceOf} />
          </>
        ) : null}
        {done.accountDeleted ? (
          <a className="button" href="/">
            Go to the home page
          </a>
        ) : (
          <button type="button" className="button" onClick={onClose}>
            Back to your account
          </button>
        )}
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Delete your account"
      type="prompt"
      size="prompt"
      dismissible={!busy}
      describedBy="delete-account-explained"
    >
      {preview.status === "pending" ? <LoadingSpinner label="Finding what we hold…" /> : null}
      {preview.status === "error" ? (
        <ViolationsBox title="Sorry, we could not find what we hold" violations={violationsOf(preview.error)}>
          <p>Please try again in a moment, or call us and we will help.</p>
          <CallUs className="call-us" />
        </ViolationsBox>
      ) : null}
      {preview.status === "success" ? (
        <>
          <p id="delete-account-explained">
            {preview.data.accountDeleted
              ? "Deleting your account cannot be undone. We will delete:"
              : "Deleting cannot be undone. We will delete:"}
          </p>
          <ul>
            {preview.data.unfinishedPlans > 0 ? (
              <li>
                {preview.data.unfinishedPlans === 1
                  ? "your unfinished plan"
                  : `your ${preview.data.unfinishedPlans} unfinished plans`}
                , with the people in {preview.data.unfinishedPlans === 1 ? "it" : "them"} and your answers
              </li>
            ) : null}
            <li>
              your choices about news and offers (we keep your email address only on our do-not-contact list,
              so we never contact you by mistake)
            </li>
            <li>your answers about your circumstances</li>
            {preview.data.freeGuideRequests > 0 ? <li>your requests for our free guide</li> : null}
            <li>
              {preview.data.accountDeleted
                ? "your account itself, and you will be signed out"
                : "your sessions on other devices"}
            </li>
          </ul>
          {preview.data.kept.length > 0 ? (
            <>
              <h3>What the law requires us to keep</h3>
              <KeptPlans kept={preview.data.kept} nameOf={nameOf} referenceOf={referenceOf} />
              <p>Your account stays, so you can still see these plans and we can reach you about them.</p>
            </>
          ) : null}
          {failure ? (
            <ViolationsBox title="We could not delete your account" violations={failure}>
              <p>Please try again, or call us and we will help.</p>
            </ViolationsBox>
          ) : null}
          <form noValidate onSubmit={(event) => void submit(event)}>
            <PasswordField
              id="delete-account-password"
              label="Your password"
              hint="To be sure it is you, type the password you sign in with."
              autoComplete="current-password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                setPasswordError(undefined);
              }}
              error={passwordError}
            />
            <div className="button-group">
              <button type="submit" className="button" aria-disabled={busy || undefined}>
                {busy
                  ? "Deleting…"
                  : preview.data.accountDeleted
                    ? "Delete my account"
                    : "Delete what you can"}
              </button>
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={busy || undefined}
                onClick={() => {
                  if (!busy) onClose();
                }}
              >
                Keep my account
              </button>
            </div>
          </form>
        </>
      ) : null}
    </Modal>
  );
}
