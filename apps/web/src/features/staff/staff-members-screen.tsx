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
import { inviteStaffMember, staffQueries, unlockStaffMember } from "./staff-requests";
import { SignedInStaffPage } from "./signed-in-staff-page";
import { memberStatusNames, roleName } from "./staff-words";
import styles from "./staff.module.css";

const labels = { name: "Full name", email: "Email address", role: "Role" } as const;
const roleOptions = staffRoles.map((role) => ({ value: role, label: roleName(role) }));

/** /staff/members (administrators): everyone with a back office account, inviting, unlocking. */
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
  const queryClient = useQueryClient();
  const [told, setTold] = useState<{ ok: boolean; text: string } | null>(null);
  if (members.status === "pending") return <LoadingSpinner label="Loading the members of staff…" />;
  if (members.status === "error") {
    return (
      <ViolationsBox
        title="Sorry, we could not load the members of staff"
        violations={violationsOf(members.error)}
      />
    );
  }

  async function unlock(member: StaffMember) {
    setTold(null);
    try {
      await unlockStaffMember(member.id);
      setTold({ ok: true, text: `${member.name} is unlocked and can sign in again.` });
      await queryClient.invalidateQueries({ queryKey: staffQueries.members().queryKey });
    } catch (error) {
      setTold({
        ok: false,
        text: violationsOf(error)
          .map((violation) => violation.title)
          .join(" "),
      });
    }
  }

  return (
    <>
      <p role="status" className={told?.ok ? "success-box" : "visually-hidden"}>
        {told?.ok ? told.text : ""}
      </p>
      {told && !told.ok ? (
        <div className="error-box" role="alert">
          <p>{told.text}</p>
        </div>
      ) : null}
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
                  {member.status === "locked" ? (
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void unlock(member)}
                    >
                      Unlock <span className="visually-hidden">{member.name}</span>
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
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
