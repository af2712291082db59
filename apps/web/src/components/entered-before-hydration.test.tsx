import { act, screen } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { Checkbox } from "./checkbox";
import { PasswordField } from "./password-field";
import { RadioCards } from "./radio-cards";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";

/** A sign-in form's two boxes, and what the form holds, as the page draws them. */
function SignIn() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <>
      <TextField
        id="email"
        label="Email address"
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
      />
      <PasswordField
        id="password"
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <output>{`${email} / ${password}`}</output>
    </>
  );
}

describe("a box typed into before the page came to life", () => {
  afterEach(() => document.body.replaceChildren());

  it("keeps what was typed, and the form holds it", async () => {
    const page = document.createElement("div");
    document.body.append(page);
    page.innerHTML = renderToString(<SignIn />);
    // Typed while the page was still only the server's HTML.
    (page.querySelector("#email") as HTMLInputElement).value = "ada@example.com";
    (page.querySelector("#password") as HTMLInputElement).value = "a long and quiet passphrase";

    await act(async () => {
      hydrateRoot(page, <SignIn />);
    });

    expect(screen.getByRole("textbox", { name: "Email address" })).toHaveValue("ada@example.com");
    expect(screen.getByText("ada@example.com / a long and quiet passphrase")).toBeInTheDocument();
  });

  it("changes nothing in a box nobody typed into", async () => {
    const page = document.createElement("div");
    document.body.append(page);
    page.innerHTML = renderToString(<SignIn />);

    await act(async () => {
      hydrateRoot(page, <SignIn />);
    });

    expect(screen.getByRole("textbox", { name: "Email address" })).toHaveValue("");
    expect(screen.getByText("/")).toBeInTheDocument();
  });
});

/** A journey-like page's choices: a radio question, a list and a checkbox, and what the form holds. */
function Choices() {
  const [attendance, setAttendance] = useState<string | null>("unattended");
  const [title, setTitle] = useState("");
  const [accepted, setAccepted] = useState(false);
  return (
    <>
      <RadioCards
        name="attendance"
        legend="Will people attend the funeral?"
        options={[
          { value: "attended", label: "Attended" },
          { value: "unattended", label: "Unattended" },
        ]}
        value={attendance}
        onChange={setAttendance}
      />
      <SelectField
        id="title"
        label="Title"
        placeholder="Choose a title"
        options={[
          { value: "Mrs", label: "Mrs" },
          { value: "Mr", label: "Mr" },
        ]}
        value={title}
        onChange={setTitle}
      />
      <Checkbox id="accepted" label="I accept" checked={accepted} onChange={setAccepted} />
      <output>{`${attendance ?? "none"} / ${title || "no title"} / ${accepted ? "accepted" : "not accepted"}`}</output>
    </>
  );
}

describe("a choice made before the page came to life", () => {
  afterEach(() => document.body.replaceChildren());

  async function hydrateAfter(choose: (page: HTMLElement) => void) {
    const page = document.createElement("div");
    document.body.append(page);
    page.innerHTML = renderToString(<Choices />);
    // Chosen while the page was still only the server's HTML.
    choose(page);
    await act(async () => {
      hydrateRoot(page, <Choices />);
    });
  }

  it("keeps the radio button, the list's choice and the tick, and the form holds them", async () => {
    await hydrateAfter((page) => {
      (page.querySelector("#attendance") as HTMLInputElement).checked = true;
      (page.querySelector("#title") as HTMLSelectElement).value = "Mrs";
      (page.querySelector("#accepted") as HTMLInputElement).checked = true;
    });

    expect(screen.getByText("attended / Mrs / accepted")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Attended" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Unattended" })).not.toBeChecked();
    expect(screen.getByRole("combobox", { name: "Title" })).toHaveValue("Mrs");
    expect(screen.getByRole("checkbox", { name: "I accept" })).toBeChecked();
  });

  it("keeps the answer the form had when a radio button lost its tick but none gained one", async () => {
    await hydrateAfter((page) => {
      (page.querySelector("#attendance-2") as HTMLInputElement).checked = false;
    });

    // A radio button can only be unticked by choosing another; the form's answer stands.
    expect(screen.getByText("unattended / no title / not accepted")).toBeInTheDocument();
  });

  it("changes nothing nobody chose", async () => {
    await hydrateAfter(() => {});

    expect(screen.getByText("unattended / no title / not accepted")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Unattended" })).toBeChecked();
  });
});
