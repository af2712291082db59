"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { isUserLoggedIn } from "../../lib/customer-session";
import { planQueries } from "../../lib/plan-queries";
import { QueryProvider } from "../../lib/query-provider";
import { useHydrated } from "../../lib/use-hydrated";

/**
 * Said on the way into a new plan by someone who has plans with us already (issue 25 item 2):
 * a bought plan is never reopened by "Start planning", so they are told that this is a new one
 * and that the plans they have are kept. Their plans are read afresh, so one just bought counts.
 */
export function NewPlanNotice() {
  // Its own provider (the page's one client): a journey step loads this notice, and Query with
  // it, only when it is to be shown, so the step has no provider of its own (decision 033).
  return (
    <QueryProvider>
      <PlansAlready />
    </QueryProvider>
  );
}

function PlansAlready() {
  const signedIn = useHydrated() && isUserLoggedIn();
  const plans = useQuery({ ...planQueries.saved(), staleTime: 0, enabled: signedIn });
  const count = plans.data?.length ?? 0;
  if (!signedIn || count === 0) return null;
  return (
    <section className="info-box" aria-labelledby="new-plan-title">
      <h2 className="info-box__title" id="new-plan-title">
        This is a new plan
      </h2>
      <p>
        {count === 1
          ? "You already have a plan with us. It stays just as it is, and you can see it in "
          : `You already have ${count} plans with us. They stay just as they are, and you can see them in `}
        <Link href="/account">your account</Link>.
      </p>
    </section>
  );
}
