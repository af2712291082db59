"use client";

import {
  inviteStaffMemberBodySchema,
  type InviteStaffMemberBody,
  type StaffMember,
} from "@kindred/contracts";
import { staffRoles } from "@kindred/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { FormShell } from "../../components/form-shell";
import { LoadingSpinner } from "../../components/loading-spinner";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { SelectField } from "../../components/select-field";
import { SuccessBox } from "../../components/success-box";
import { TextField } from "../../components/text-field";
import { useFormFailure } from "../../components/use-form-failure";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { ConfirmFirst } from "./confirm-first";
import { changeMemberAccess, inviteStaffMember, staffQueries } from "./staff-requests";
import { SignedInStaffPage } from "./signed-in-staff-page";
import { memberStatusNames, roleName } from "./staff-words";
import styles from "./staff.module.css";

const labels = { name: "Full name", email: "Email address", role: "Role" } as const;
const roleOptions = staffRoles.map((role) => ({ value: role, label: roleName(role) }));

/**
 * /staff/members (administrators): everyone with a back office account, inviting, and changing
 * who may use it (leavers, invitations sent again or withdrawn, someone let in again).
 */
export function StaffMembersScreen() {
  return (
    <SignedInStaffPage page="members" title="Members of staff" needs="staff.manage">
      {() => (
        <>
          <MemberList />
          <InviteForm />
        </>
      )}
    </SignedInStaffPage>
  );
}

function MemberList() {
  const members = useQuery(staffQueries.members());
  const [done, setDone] = useState<string | null>(null);
  if (members.status === "pending") return <LoadingSpinner label="Loading the members of staff…" />;
  if (members.status === "error") {
    return (
      <ViolationsBox
        title="Sorry, we could not load the members of staff"
        violations={violationsOf(members.error)}
      />
    );
  }

  return (
    <>
      <p role="status" className={done ? "success-box" : "visually-hidden"}>
        {done ?? ""}
      </p>
      <div className={styles.tableScroll} role="region" aria-label="Members of staff" tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">Members of staff</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email address</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.data.members.map((member) => (
              <tr key={member.id}>
                <td>{member.name}</td>
                <td className={styles.detail}>{member.email}</td>
                <td>{roleName(member.role)}</td>
                <td>{memberStatusNames[member.status]}</td>
                <td>
                  <MemberActions member={member} onDone={setDone} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * What an administrator can change of a member's access, each asked first (issue 50 item 12): an
 * active member's access ended, an invitation sent again or withdrawn, a disabled member let in again.
 */
function MemberActions({ member, onDone }: { member: StaffMember; onDone: (said: string) => void }) {
  const queryClient = useQueryClient();
  const { name } = member;
  const change = (kind: "disable" | "enable" | "invitation", said: string) => async () => {
    await changeMemberAccess(member.id, kind);
    onDone(said);
    await queryClient.invalidateQueries({ queryKey: staffQueries.members().queryKey });
  };
  const common = { busyLabel: "Saving…", id: `member-${member.id}` };

  if (member.status === "disabled") {
    return (
      <ConfirmFirst
        {...common}
        label={`Let ${name} in again`}
        question={`Let ${name} in again?`}
        explanation={`${name} can use the back office again, in their role (${roleName(member.role)}). If they had not yet set up their account, a new invitation is emailed to ${member.email}.`}
        failureTitle={`${name} was not let in again`}
        onConfirm={change("enable", `${name} can use the back office again.`)}
      />
    );
  }
  if (member.status === "invited") {
    return (
      <div className={styles.actions}>
        <ConfirmFirst
          {...common}
          id={`${common.id}-again`}
          label={`Send ${name}'s invitation again`}
          busyLabel="Sending…"
          question={`Send ${name}'s invitation again?`}
          explanation={`A new link is emailed to ${member.email}, working for 72 hours. The link sent before stops working.`}
          failureTitle="The invitation was not sent again"
          onConfirm={change("invitation", `A new invitation has been sent to ${member.email}.`)}
        />
        <ConfirmFirst
          {...common}
          id={`${common.id}-withdraw`}
          label={`Withdraw ${name}'s invitation`}
          question={`Withdraw ${name}'s invitation?`}
          explanation={`The link emailed to ${member.email} stops working at once. You can let them in again later.`}
          failureTitle="The invitation was not withdrawn"
          onConfirm={change("disable", `${name}'s invitation is withdrawn.`)}
        />
      </div>
    );
  }
  return (
    <ConfirmFirst
      {...common}
      label={`Disable ${name}'s access`}
      question={`Disable ${name}'s access?`}
      explanation={`${name} is signed out everywhere at once and cannot sign in again, for example because they have left. Everything they did stays in the audit log. You can let them in again later.`}
      failureTitle={`${name}'s access was not disabled`}
      onConfirm={change("disable", `${name} can no longer use the back office.`)}
    />
  );
}

function InviteForm() {
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: inviteStaffMemberBodySchema,
    idPrefix: "invite-staff",
    labels,
    // The role starts unchosen: the schema refuses "" with "This field is required".
    defaultValues: { name: "", email: "", role: "" as InviteStaffMemberBody["role"] },
  });
  const name = useFormField(form, "name");
  const email = useFormField(form, "email");
  const role = useFormField(form, "role");
  const failure = useFormFailure(form.form, Object.keys(labels));
  const [invited, setInvited] = useState<{ email: string; count: number } | null>(null);

  async function invite(values: InviteStaffMemberBody) {
    failure.clear();
    try {
      await inviteStaffMember(values);
    } catch (error) {
      failure.fail(error);
      return;
    }
    setInvited((previous) => ({ email: values.email.trim(), count: (previous?.count ?? 0) + 1 }));
    form.form.reset();
    await queryClient.invalidateQueries({ queryKey: staffQueries.members().queryKey });
  }

  return (
    <section aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <p>
        They get an email with a link to choose a password and set up an authenticator app. The link works
        once, for 72 hours.
      </p>
      {invited ? (
        <FocusOnArrival key={invited.count}>
          <SuccessBox>
            <p>We have sent an invitation to {invited.email}.</p>
          </SuccessBox>
        </FocusOnArrival>
      ) : null}
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={invite}
        submitLabel="Send the invitation"
        busyLabel="Sending…"
        before={failure.box("We could not send the invitation")}
      >
        <TextField {...name} label={labels.name} autoComplete="off" />
        <TextField {...email} label={labels.email} type="email" autoComplete="off" />
        <SelectField
          id={role.id}
          label={labels.role}
          hint="Agents find and read plans. Finance also handle money. Administrators also manage staff and read the audit log."
          options={roleOptions}
          placeholder="Choose a role"
          value={role.value}
          onChange={role.onChange}
          onBlur={role.onBlur}
          error={role.error}
        />
      </FormShell>
    </section>
  );
}
