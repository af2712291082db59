"use client";

import { useQuery } from "@tanstack/react-query";
import { staffMessages } from "@kindred/domain";
import { useState, type ReactNode } from "react";
import { LoadingSpinner } from "../../components/loading-spinner";
import { Modal } from "../../components/modal";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { staffPaths } from "./staff-navigation";
import { staffQueries, type SignedInStaff } from "./staff-requests";
import { staffSignOut, staffSignOutEverywhere } from "./staff-session";
import { roleName } from "./staff-words";
import styles from "./staff.module.css";

type Page = "home" | "queues" | "catalogue" | "branches" | "members" | "audit";

const pages: readonly { page: Page; label: string; href: string; needs?: string }[] = [
  { page: "home", label: "Find a plan", href: staffPaths.home },
  { page: "queues", label: "Work queues", href: staffPaths.queues, needs: "plans.read" },
  { page: "catalogue", label: "Catalogue", href: staffPaths.catalogue, needs: "catalogue.change" },
  { page: "branches", label: "Branches", href: staffPaths.branches, needs: "branches.change" },
  { page: "members", label: "Members of staff", href: staffPaths.members, needs: "staff.manage" },
  { page: "audit", label: "Audit log", href: staffPaths.audit, needs: "audit.read" },
];

/**
 * A back-office page for a signed-in member of staff: who they are and their role, the pages
 * their role opens (the others are not offered), signing out, and the page itself, or what their
 * role does not allow. With no session, or one the API refuses, they are sent to sign in.
 */
export function SignedInStaffPage({
  page,
  title,
  needs,
  children,
}: {
  page: Page;
  title: string;
  /** The permission the page needs (the API checks it again on each call). */
  needs?: string;
  children: (me: SignedInStaff) => ReactNode;
}) {
  const me = useQuery(staffQueries.me());
  if (me.status === "pending") return <LoadingSpinner label="Loading…" />;
  if (me.status === "error") {
    return <ViolationsBox title="Sorry, we could not load this page" violations={violationsOf(me.error)} />;
  }
  const allowed = needs === undefined || me.data.permissions.includes(needs);
  return (
    <>
      <SignedInBar me={me.data} />
      <nav aria-label="Back office" className={styles.nav}>
        <ul>
          {pages
            .filter((item) => item.needs === undefined || me.data.permissions.includes(item.needs))
            .map((item) => (
              <li key={item.page}>
                <a href={item.href} aria-current={item.page === page ? "page" : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
        </ul>
      </nav>
      <h1>{title}</h1>
      {allowed ? (
        children(me.data)
      ) : (
        <div className="error-box" role="alert">
          <h2 className="error-box__title">This page is not open to you</h2>
          <p>{staffMessages.staffPermissionNeeded}</p>
        </div>
      )}
    </>
  );
}

function SignedInBar({ me }: { me: SignedInStaff }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);

  async function signOutEverywhere() {
    setBusy(true);
    setFailed(null);
    try {
      await staffSignOutEverywhere();
    } catch (error) {
      setFailed(error);
      setBusy(false);
    }
  }

  return (
    <div className={styles.signedIn}>
      <p>
        Signed in as <strong>{me.name}</strong> ({roleName(me.role)})
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button--secondary" onClick={() => void staffSignOut()}>
          Sign out
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Sign out everywhere?"
        type="prompt"
        size="prompt"
        dismissible={!busy}
        describedBy="sign-out-everywhere-explained"
      >
        <p id="sign-out-everywhere-explained">
          This signs you out on every computer and phone where you are signed in to the back office, including
          this one.
        </p>
        {failed !== null ? (
          <ViolationsBox
            title="Sorry, we could not sign you out everywhere"
            violations={violationsOf(failed)}
          />
        ) : null}
        <div className={styles.actions}>
          <button
            type="button"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() => void (busy ? undefined : signOutEverywhere())}
          >
            {busy ? "Signing out…" : "Sign out everywhere"}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      </Modal>
    </div>
  );
}
