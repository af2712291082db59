"use client";

import { acceptStaffInvitationBodySchema, type AcceptStaffInvitationBody } from "@kindred/contracts";
import { staffMessages } from "@kindred/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { FormShell } from "../../components/form-shell";
import { LoadingSpinner } from "../../components/loading-spinner";
import { PasswordField } from "../../components/password-field";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { SuccessBox } from "../../components/success-box";
import { TextField } from "../../components/text-field";
import { useFormFailure } from "../../components/use-form-failure";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { staffPaths } from "./staff-navigation";
import { acceptInvitation, staffQueries, type StaffEnrolment } from "./staff-requests";
import { roleName } from "./staff-words";
import styles from "./staff.module.css";

const labels = { password: "Choose a password", code: "Code from your authenticator app" } as const;

/** What to do when the link cannot be used. */
function AskForANewOne() {
  return <p>Please ask an administrator to invite you again. The new email will have a new link.</p>;
}

/**
 * /staff/invitation?token=…: the invitation opened (who it is for, the role), the authenticator
 * set up (QR code and the key as text), then a password and the app's first code. The link is
 * used once and lasts 72 hours; a used or expired one says so and what to do.
 */
export function StaffInvitationScreen({ token }: { token: string | undefined }) {
  return (
    <>
      <h1>Set up your back office account</h1>
      {token === undefined || token === "" ? (
        <div className="error-box" role="alert">
          <h2 className="error-box__title">This link does not work</h2>
          <p>{staffMessages.staffInvitationInvalid}</p>
        </div>
      ) : (
        <OpenInvitation token={token} />
      )}
    </>
  );
}

function OpenInvitation({ token }: { token: string }) {
  const invitation = useQuery(staffQueries.invitation(token));
  const [ready, setReady] = useState(false);
  if (invitation.status === "pending") return <LoadingSpinner label="Opening your invitation…" />;
  if (invitation.status === "error") {
    return (
      <ViolationsBox title="This link does not work" violations={violationsOf(invitation.error)}>
        <AskForANewOne />
      </ViolationsBox>
    );
  }
  if (ready) {
    return (
      <FocusOnArrival>
        <SuccessBox title="Your account is ready">
          <p>Sign in with your email address, your password and the code your authenticator app shows.</p>
        </SuccessBox>
        <p>
          <a className="button" href={staffPaths.signIn}>
            Sign in
          </a>
        </p>
      </FocusOnArrival>
    );
  }
  return <Enrolment token={token} enrolment={invitation.data} onReady={() => setReady(true)} />;
}

function Enrolment({
  token,
  enrolment,
  onReady,
}: {
  token: string;
  enrolment: StaffEnrolment;
  onReady: () => void;
}) {
  const form = useSchemaForm({
    schema: acceptStaffInvitationBodySchema,
    idPrefix: "staff-invitation",
    labels,
    defaultValues: { token, password: "", code: "" },
  });
  const password = useFormField(form, "password");
  const code = useFormField(form, "code");
  const failure = useFormFailure(form.form, Object.keys(labels));

  async function accept(values: AcceptStaffInvitationBody) {
    failure.clear();
    try {
      await acceptInvitation(values);
      onReady();
    } catch (error) {
      failure.fail(error);
    }
  }

  // The SVG is our own server's, shown as an image: it is never put into the page as markup.
  const qrCode = `data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrCodeSvg)}`;
  return (
    <div className={styles.steps}>
      <p className="lead">
        This invitation is for {enrolment.name} ({enrolment.email}), as {roleName(enrolment.role)}.
      </p>
      <p>Signing in to the back office takes a password and a code from an app on your phone.</p>
      <h2>1. Install an authenticator app</h2>
      <p>
        On your phone, install an authenticator app if you do not have one, such as Google Authenticator,
        Microsoft Authenticator or 1Password.
      </p>
      <h2>2. Add your back office account to it</h2>
      <p>In the app, choose to add an account, then scan this QR code with your phone&rsquo;s camera.</p>
      <img
        className={styles.qrCode}
        src={qrCode}
        alt="QR code for your authenticator app"
        width={220}
        height={220}
      />
      <p>If you cannot scan it, choose to enter a key instead, and type this one:</p>
      <p>
        <code className={styles.key}>{enrolment.authenticatorKey}</code>
      </p>
      <h2>3. Choose a password and enter the code</h2>
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={accept}
        submitLabel="Set up my account"
        busyLabel="Setting up…"
        before={failure.box("We could not set up your account", <AskForANewOne />)}
      >
        <PasswordField
          {...password}
          label={labels.password}
          hint="12 to 128 characters. A few unrelated words together make a good one."
          autoComplete="new-password"
        />
        <TextField
          {...code}
          label={labels.code}
          hint="The 6 digits the app shows now for your back office account."
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      </FormShell>
    </div>
  );
}
