import { act, screen } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { PasswordField } from "./password-field";
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
