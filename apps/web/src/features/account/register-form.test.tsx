import { render, screen, within, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RegisterBody, RegisteredResponse } from "@kindred/contracts";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { RegisterForm } from "./register-form";

afterEach(() => {
  vi.unstubAllGlobals();
});

const registered: RegisteredResponse = {
  message:
    "Thank you. We have sent an email to this address: please follow the link in it to confirm your email address.",
};

const goodAnswers = {
  "First name": "Margaret",
  "Last name": "Okafor",
  "Email address": "margaret@example.com",
  "Confirm email address": "margaret@example.com",
  "Create a password": "Roses&lilies2",
  "Repeat your password": "Roses&lilies2",
};

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

/** The messages shown under a field, each as its text without the hidden "Error: ". */
function errorsUnder(label: string): string[] {
  const errorId = `${field(label).id}-error`;
  const box = document.getElementById(errorId);
  if (!box) return [];
  return Array.from(box.querySelectorAll("p")).map((line) =>
    (line.textContent ?? "").replace(/^Error: /, ""),
  );
}

async function fillIn(user: UserEvent, answers: Partial<Record<keyof typeof goodAnswers, string>>) {
  for (const [label, value] of Object.entries(answers)) {
    await user.clear(field(label));
    if (value !== "") await user.type(field(label), value);
  }
}

/** Types into a field and then clicks away from it (on the page, not a button). */
async function typeAndLeave(user: UserEvent, label: string, value: string) {
  await user.clear(field(label));
  if (value !== "") await user.type(field(label), value);
  await user.click(document.body);
}

/** Presses Create account, as a person does before anything is said about their answers. */
async function pressCreateAccount(user: UserEvent) {
  await user.click(screen.getByRole("button", { name: "Create account" }));
}

describe("RegisterForm", () => {
  it("is a form that posts, so a press before the page has come to life puts no answer in the address", () => {
    render(<RegisterForm onRegistered={() => {}} submit={vi.fn()} />);
    const form = screen.getByRole("button", { name: "Create account" }).closest("form");
    expect(form).toHaveAttribute("method", "post");
  });

  it("shows each password rule's message under the password field, word for word as SPEC.md says", async () => {
    const user = userEvent.setup();
    render(<RegisterForm onRegistered={() => {}} submit={vi.fn()} />);
    const password = "Create a password";

    await pressCreateAccount(user);
    expect(errorsUnder(password)).toEqual(["This field is required"]);

    await typeAndLeave(user, password, "abc");
    expect(errorsUnder(password)).toEqual([
      "Password must contain at least one number",
      "Password must contain at least one of these @$!%*#?& special characters",
      "Password is too short - should be 8 characters minimum.",
    ]);

    await typeAndLeave(user, password, "12345678!");
    expect(errorsUnder(password)).toEqual(["Password must contain at least one letter"]);

    await typeAndLeave(user, password, "a1!aaaaaaaaaaaaaaaaaaaaaaa");
    expect(errorsUnder(password)).toEqual(["Password is too long - should be 25 characters maximum."]);

    await typeAndLeave(user, password, "Roses&lilies2");
    expect(errorsUnder(password)).toEqual([]);
    expect(field(password)).not.toHaveAttribute("aria-invalid");
  });

  it("reads out each error with Error: before it and links it to the field", async () => {
    const user = userEvent.setup();
    render(<RegisterForm onRegistered={() => {}} submit={vi.fn()} />);

    await typeAndLeave(user, "First name", "M");
    await pressCreateAccount(user);

    const firstName = field("First name");
    expect(firstName).toHaveAttribute("aria-invalid", "true");
    expect(firstName).toHaveAccessibleDescription(
      "Error: This value is too short. It should have 2 characters or more.",
    );
  });

  it("lists the password rules as a hint before anything is typed", () => {
    render(<RegisterForm onRegistered={() => {}} />);

    expect(field("Create a password")).toHaveAccessibleDescription(
      "Your password needs: 8 to 25 characters at least one letter and at least one number at least one of these special characters: @ $ ! % * # ? &",
    );
  });

  it("says the email addresses must match, and stops saying so once they do", async () => {
    const user = userEvent.setup();
    render(<RegisterForm onRegistered={() => {}} submit={vi.fn()} />);

    await typeAndLeave(user, "Email address", "margaret@example.com");
    await typeAndLeave(user, "Confirm email address", "margret@example.com");
    await pressCreateAccount(user);
    expect(errorsUnder("Confirm email address")).toEqual(["Emails must match"]);

    await typeAndLeave(user, "Confirm email address", "Margaret@Example.com");
    expect(errorsUnder("Confirm email address")).toEqual([]);

    // Changing the first address checks the confirmation again.
    await typeAndLeave(user, "Email address", "maggie@example.com");
    expect(errorsUnder("Confirm email address")).toEqual(["Emails must match"]);
  });

  it("says the passwords must match", async () => {
    const user = userEvent.setup();
    render(<RegisterForm onRegistered={() => {}} submit={vi.fn()} />);

    await typeAndLeave(user, "Create a password", "Roses&lilies2");
    await typeAndLeave(user, "Repeat your password", "Roses&lilies3");
    await pressCreateAccount(user);
    expect(errorsUnder("Repeat your password")).toEqual(["Passwords must match"]);

    await typeAndLeave(user, "Repeat your password", "Roses&lilies2");
    expect(errorsUnder("Repeat your password")).toEqual([]);
  });

  it("never says a repeated password looks good while the password itself is refused", async () => {
    const user = userEvent.setup();
    render(<RegisterForm onRegistered={() => {}} submit={vi.fn()} />);

    await typeAndLeave(user, "Create a password", "abc");
    await typeAndLeave(user, "Repeat your password", "abc");
    expect(field("Repeat your password")).not.toHaveAccessibleDescription(/Looks good/);
    await pressCreateAccount(user);
    expect(errorsUnder("Repeat your password")).toEqual([]);
    expect(field("Repeat your password")).not.toHaveAccessibleDescription(/Looks good/);

    // Once the password is right, its repeat is too.
    await typeAndLeave(user, "Create a password", "Roses&lilies2");
    await typeAndLeave(user, "Repeat your password", "Roses&lilies2");
    expect(field("Repeat your password")).toHaveAccessibleDescription("Looks good");
  });

  it("shows a tick once a field has been left and is right, not while it is being typed", async () => {
    const user = userEvent.setup();
    render(<RegisterForm onRegistered={() => {}} submit={vi.fn()} />);

    await user.type(field("First name"), "Margaret");
    expect(screen.queryByText("Looks good")).not.toBeInTheDocument();

    await user.tab();
    expect(screen.getByText("Looks good")).toBeInTheDocument();
    expect(field("First name")).toHaveAccessibleDescription("Looks good");

    await user.clear(field("First name"));
    expect(screen.queryByText("Looks good")).not.toBeInTheDocument();
    expect(errorsUnder("First name")).toEqual([]);
    await pressCreateAccount(user);
    expect(errorsUnder("First name")).toEqual(["This field is required"]);
  });

  it("says nothing under a field when it is left, so nothing moves under the pointer", async () => {
    const user = userEvent.setup();
    render(<RegisterForm onRegistered={() => {}} submit={vi.fn()} />);

    await user.type(field("Create a password"), "abc");
    await user.tab();
    expect(screen.getAllByRole("button", { name: "Show password" })[0]).toHaveFocus();
    await user.tab();
    expect(field("Repeat your password")).toHaveFocus();
    await user.click(document.body);
    expect(errorsUnder("Create a password")).toEqual([]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await pressCreateAccount(user);
    expect(errorsUnder("Create a password")).toContain(
      "Password is too short - should be 8 characters minimum.",
    );
  });

  it("shows the password when asked, and hides it again", async () => {
    const user = userEvent.setup();
    render(<RegisterForm onRegistered={() => {}} />);
    const password = field("Create a password");
    await user.type(password, "Roses&lilies2");
    expect(password).toHaveAttribute("type", "password");

    const [showFirst] = screen.getAllByRole("button", { name: "Show password" });
    await user.click(showFirst!);
    expect(password).toHaveAttribute("type", "text");
    expect(password).toHaveValue("Roses&lilies2");

    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("after a submit with gaps, shows the error summary at the top, focused, linking to each field", async () => {
    const user = userEvent.setup();
    const submit = vi.fn();
    render(<RegisterForm onRegistered={() => {}} submit={submit} />);

    await user.type(field("First name"), "Margaret");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Last name: This field is required",
      "Email address: This field is required",
      "Confirm email address: This field is required",
      "Create a password: This field is required",
      "Repeat your password: This field is required",
    ]);
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "#register-last-name",
      "#register-email",
      "#register-confirm-email",
      "#register-password",
      "#register-password-repeat",
    ]);
    expect(errorsUnder("Last name")).toEqual(["This field is required"]);
    expect(submit).not.toHaveBeenCalled();

    await user.click(links[1]!);
    expect(field("Email address")).toHaveFocus();
  });

  it("posts the account to /api/account/register and hands back the answer", async () => {
    const user = userEvent.setup();
    const requests = fakeFetch((request) =>
      request.url === "/token" ? tokenResponse("application-token") : jsonResponse(registered, 202),
    );
    const onRegistered = vi.fn();
    render(<RegisterForm onRegistered={onRegistered} />);

    await fillIn(user, { ...goodAnswers, "First name": "  Margaret " });
    await user.click(screen.getByRole("button", { name: "Create account" }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    const expectedBody: RegisterBody = {
      firstName: "Margaret",
      lastName: "Okafor",
      email: "margaret@example.com",
      confirmEmail: "margaret@example.com",
      password: "Roses&lilies2",
      passwordRepeat: "Roses&lilies2",
    };
    expect(onRegistered).toHaveBeenCalledWith(registered, expectedBody);
    const post = requests.find((request) => request.url === "/api/account/register");
    expect(post?.method).toBe("POST");
    expect(post?.headers.get("authorization")).toBe("Bearer application-token");
    expect(JSON.parse(post?.body ?? "null")).toEqual(expectedBody);
  });

  it("posts through the submit it is given instead (the journey's, which adds its plan id)", async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => ({ ok: true as const, status: 200, data: registered }));
    const onRegistered = vi.fn();
    render(<RegisterForm onRegistered={onRegistered} submit={submit} />);

    await fillIn(user, goodAnswers);
    await user.click(screen.getByRole("button", { name: "Create account" }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ email: "margaret@example.com" }));
  });

  it("shows the API's violations as path: title in the highlighted box", async () => {
    const user = userEvent.setup();
    fakeFetch((request) =>
      request.url === "/token"
        ? tokenResponse("application-token")
        : jsonResponse(
            {
              violations: [
                {
                  propertyPath: "password",
                  title:
                    "This password is one of the most common, so it is easy to guess. Please choose a different one.",
                },
              ],
            },
            400,
          ),
    );
    const onRegistered = vi.fn();
    render(<RegisterForm onRegistered={onRegistered} />);

    await fillIn(user, goodAnswers);
    await user.click(screen.getByRole("button", { name: "Create account" }));

    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("We could not create your account");
    expect(within(box).getByRole("listitem")).toHaveTextContent(
      "password: This password is one of the most common, so it is easy to guess. Please choose a different one.",
    );
    expect(box.parentElement).toHaveFocus();
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it("says when the request could not be sent", async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeFetch((request) => {
      if (request.url === "/token") return tokenResponse("application-token");
      throw new TypeError("Failed to fetch");
    });
    render(<RegisterForm onRegistered={() => {}} />);

    await fillIn(user, goodAnswers);
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Request: Application could not send request, please contact site admin",
    );
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
