import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffMessages } from "@kindred/domain";
import { fakeFetch, jsonResponse } from "../../test/fake-fetch";
import { renderStaffScreen } from "../../test/staff-harness";
import { StaffInvitationScreen } from "./staff-invitation-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const token = "an-invitation-secret-of-forty-characters";
const enrolment = {
  name: "Ada Admin",
  email: "ada@kindred.example",
  role: "administrator",
  authenticatorKey: "JBSW Y3DP EHPK 3PXP",
  authenticatorUri: "otpauth://totp/Kindred:ada%40kindred.example?secret=JBSWY3DPEHPK3PXP",
  qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>',
};

function answering(accept: () => Response = () => new Response(null, { status: 204 })) {
  return fakeFetch((request) =>
    request.url === "/api/staff/invitation/open" ? jsonResponse(enrolment) : accept(),
  );
}

describe("StaffInvitationScreen", () => {
  it("shows who the invitation is for, the QR code as an image and the key as text, without any token", async () => {
    const requests = answering();
    renderStaffScreen(<StaffInvitationScreen token={token} />);

    expect(
      await screen.findByText("This invitation is for Ada Admin (ada@kindred.example), as Administrator."),
    ).toBeInTheDocument();
    const qrCode = screen.getByRole("img", { name: "QR code for your authenticator app" });
    expect(qrCode.getAttribute("src")).toBe(
      `data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrCodeSvg)}`,
    );
    expect(document.querySelector("svg")).toBeNull();
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "1. Install an authenticator app" })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]?.body ?? "null")).toEqual({ token });
    expect(requests[0]?.headers.get("authorization")).toBeNull();
  });

  it("names a short password and a code that is not 6 digits under their fields, and sends nothing", async () => {
    const user = userEvent.setup();
    const requests = answering();
    renderStaffScreen(<StaffInvitationScreen token={token} />);

    await user.type(await screen.findByLabelText("Choose a password"), "too short");
    await user.type(screen.getByLabelText("Code from your authenticator app"), "12a");
    await user.click(screen.getByRole("button", { name: "Set up my account" }));

    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      `Choose a password: ${staffMessages.staffPasswordTooShort}`,
      `Code from your authenticator app: ${staffMessages.authenticatorCodeFormat}`,
    ]);
    expect(requests.map((request) => request.url)).toEqual(["/api/staff/invitation/open"]);
  });

  it("sends the password and code, then says the account is ready with a way to sign in", async () => {
    const user = userEvent.setup();
    const requests = answering();
    renderStaffScreen(<StaffInvitationScreen token={token} />);

    await user.type(await screen.findByLabelText("Choose a password"), "a long enough passphrase");
    await user.type(screen.getByLabelText("Code from your authenticator app"), "123 456");
    await user.click(screen.getByRole("button", { name: "Set up my account" }));

    expect(await screen.findByRole("heading", { name: "Your account is ready" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/staff/sign-in");
    const accept = requests.find((request) => request.url === "/api/staff/invitation/accept");
    expect(JSON.parse(accept?.body ?? "null")).toEqual({
      token,
      password: "a long enough passphrase",
      code: "123456",
    });
  });

  it("puts the API's refusal of the code under the code field", async () => {
    const user = userEvent.setup();
    answering(() =>
      jsonResponse(
        { violations: [{ propertyPath: "code", title: staffMessages.authenticatorCodeWrong }] },
        422,
      ),
    );
    renderStaffScreen(<StaffInvitationScreen token={token} />);

    await user.type(await screen.findByLabelText("Choose a password"), "a long enough passphrase");
    await user.type(screen.getByLabelText("Code from your authenticator app"), "123456");
    await user.click(screen.getByRole("button", { name: "Set up my account" }));

    await vi.waitFor(() =>
      expect(screen.getByLabelText("Code from your authenticator app")).toHaveAccessibleDescription(
        expect.stringContaining(staffMessages.authenticatorCodeWrong),
      ),
    );
  });

  it("says an expired or used link cannot be used, and what to do", async () => {
    fakeFetch(() =>
      jsonResponse(
        { violations: [{ propertyPath: "token", title: staffMessages.staffInvitationInvalid }] },
        404,
      ),
    );
    renderStaffScreen(<StaffInvitationScreen token={token} />);

    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("This link does not work");
    expect(box).toHaveTextContent(staffMessages.staffInvitationInvalid);
    expect(box).toHaveTextContent("Please ask an administrator to invite you again.");
    expect(screen.queryByLabelText("Choose a password")).not.toBeInTheDocument();
  });
});
