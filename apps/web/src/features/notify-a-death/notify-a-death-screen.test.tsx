import { render, screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { atNeedPhone, messages } from "@kindred/domain";
import { QueryProvider } from "../../lib/query-provider";
import { fakeFetch, jsonResponse, tokenResponse } from "../../test/fake-fetch";
import { NotifyADeathScreen } from "./notify-a-death-screen";

afterEach(() => {
  // The fake fetch of each test.
  vi.unstubAllGlobals();
});

const answer = {
  message: messages.deathNotificationReceived,
  reference: "DN-7K4P-Q2XM",
};

function renderScreen() {
  return render(<NotifyADeathScreen />, { wrapper: QueryProvider });
}

/** Answers the token request, and the notification with `reply`. */
function fakeApi(reply: () => Response = () => jsonResponse(answer, 201)) {
  return fakeFetch((request) => (request.url === "/token" ? tokenResponse("application-token") : reply()));
}

function part(name: string): HTMLElement {
  return screen.getByRole("region", { name });
}

/** Everything the form asks, answered as a nominee would answer it. */
async function answerEverything(user: UserEvent) {
  const person = part("About the person who died");
  await user.type(within(person).getByLabelText("Their first name"), "Edith");
  await user.type(within(person).getByLabelText("Their last name"), "Price");
  const born = within(person).getByRole("group", { name: "Their date of birth" });
  await user.type(within(born).getByLabelText("Day"), "2");
  await user.selectOptions(within(born).getByLabelText("Month"), "November");
  await user.type(within(born).getByLabelText("Year"), "1938");
  await user.type(within(person).getByLabelText(/^Postcode of their home/), "mk40 1aa");

  const when = part("When they died");
  const died = within(when).getByRole("group", { name: "The date they died" });
  await user.type(within(died).getByLabelText("Day"), "3");
  await user.selectOptions(within(died).getByLabelText("Month"), "January");
  await user.type(within(died).getByLabelText("Year"), "2026");
  await user.click(within(when).getByRole("radio", { name: "I do not know" }));

  const where = part("Where they are now");
  await user.click(within(where).getByRole("radio", { name: "In hospital" }));
  await user.type(within(where).getByLabelText("Where exactly (optional)"), "Bedford Hospital");

  const you = part("About you");
  await user.type(within(you).getByLabelText("Your first name"), "David");
  await user.type(within(you).getByLabelText("Your last name"), "Hughes");
  await user.click(within(you).getByRole("radio", { name: "Named on the plan as the person to speak to" }));
  await user.type(within(you).getByLabelText("Your email address"), "david@example.com");
  await user.type(within(you).getByLabelText("Your phone number"), "07700 900982");
}

describe("NotifyADeathScreen", () => {
  it("opens gently, with the line answered day and night to call instead, then the form in four parts", () => {
    renderScreen();

    expect(
      screen.getByRole("heading", { level: 1, name: "Tell us that someone has died" }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const call = part("Would you rather talk to someone?");
    expect(within(call).getByRole("link", { name: atNeedPhone.display })).toHaveAttribute(
      "href",
      `tel:${atNeedPhone.dial}`,
    );
    expect(call).toHaveTextContent("Answered 24 hours a day");
    for (const name of ["About the person who died", "When they died", "Where they are now", "About you"]) {
      expect(part(name)).toBeInTheDocument();
    }
    // The person named on a plan never had its documents: the hint says what to do without them.
    const reference = screen.getByLabelText("Plan reference (if you have it)");
    expect(reference).toHaveAccessibleDescription(
      expect.stringContaining(
        "If you do not have it, leave this empty and give the postcode of their home below: with their name and date of birth, we can find the plan from that.",
      ),
    );
    expect(reference).toHaveAccessibleDescription(
      expect.stringContaining(`Or call us on ${atNeedPhone.display}, day or night.`),
    );
    expect(screen.getByLabelText(/^Postcode of their home/)).toHaveAccessibleDescription(
      "With their name and date of birth, this is enough for us to find their plan. For example, MK9 2HP",
    );
    // What a reference looks like, so the short one on a letter is recognised.
    expect(screen.getByLabelText("Plan reference (if you have it)")).toHaveAccessibleDescription(
      expect.stringContaining("It looks like KND-7Q4M-2HX9."),
    );
  });

  it("says under each question and in a summary above what is needed, and sends nothing", async () => {
    const user = userEvent.setup();
    const requests = fakeApi();
    renderScreen();

    await user.click(screen.getByRole("button", { name: "Send" }));

    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Tell us their first name",
      "Tell us their last name",
      "Tell us the day they were born",
      "Tell us the month they were born",
      "Tell us the year they were born",
      `Plan reference: ${messages.planReferenceOrPostcodeNeeded}`,
      "Tell us the day they died",
      "Tell us the month they died",
      "Tell us the year they died",
      "Tell us whether it was an accident",
      "Tell us where they are now",
      "Tell us your first name",
      "Tell us your last name",
      "Tell us who you are to them",
      "Tell us your email address",
      "Tell us your phone number",
    ]);
    expect(
      within(summary).getByRole("link", {
        name: `Plan reference: ${messages.planReferenceOrPostcodeNeeded}`,
      }),
    ).toHaveAttribute("href", "#notify-a-death-person-plan-reference");
    expect(screen.getByLabelText("Plan reference (if you have it)")).toHaveAccessibleDescription(
      expect.stringContaining(`Error: ${messages.planReferenceOrPostcodeNeeded}`),
    );
    expect(
      within(part("When they died")).getByRole("group", { name: "The date they died" }),
    ).toHaveAccessibleDescription("For example, 14 November 2026 Error: Tell us the day they died");
    expect(
      within(part("Where they are now")).getByRole("group", { name: "Where is the person who died now?" }),
    ).toHaveAccessibleDescription("Error: Tell us where they are now");
    expect(within(part("About you")).getByLabelText("Your first name")).toHaveAccessibleDescription(
      "Error: Tell us your first name",
    );
    expect(document.body).not.toHaveTextContent(messages.required);
    // Left empty, a question that may be left out is not marked as right.
    expect(screen.getByLabelText(/^Postcode of their home/)).toHaveAccessibleDescription(
      "With their name and date of birth, this is enough for us to find their plan. For example, MK9 2HP",
    );
    expect(requests).toEqual([]);
  });

  it("keeps everything typed when something is wrong, and the message goes once it is put right", async () => {
    const user = userEvent.setup();
    const requests = fakeApi();
    renderScreen();
    await answerEverything(user);
    const you = part("About you");
    const email = within(you).getByLabelText("Your email address");
    await user.clear(email);
    await user.type(email, "david.example.com");
    const died = within(part("When they died")).getByRole("group", { name: "The date they died" });
    await user.clear(within(died).getByLabelText("Year"));
    await user.type(within(died).getByLabelText("Year"), "1930");

    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(
      within(screen.getByRole("alert", { name: "There is a problem" }))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      `The year they died: ${messages.dateOfDeathBeforeBirth}`,
      `Your email address: ${messages.invalidEmail}`,
    ]);
    expect(email).toHaveValue("david.example.com");
    expect(within(part("About the person who died")).getByLabelText("Their first name")).toHaveValue("Edith");
    expect(within(died).getByLabelText("Month")).toHaveValue("01");
    expect(within(part("Where they are now")).getByRole("radio", { name: "In hospital" })).toBeChecked();
    expect(within(you).getByLabelText("Your phone number")).toHaveValue("07700 900982");
    expect(requests).toEqual([]);

    await user.clear(email);
    await user.type(email, "david@example.com");
    expect(email).not.toHaveAccessibleDescription(expect.stringContaining("Error"));
  });

  it("sends the answers as typed, then shows the one answer, its reference and what happens next, and nothing of a plan", async () => {
    const user = userEvent.setup();
    const requests = fakeApi();
    renderScreen();
    await answerEverything(user);

    await user.click(screen.getByRole("button", { name: "Send" }));

    const done = await screen.findByRole("heading", { level: 1, name: "We have your message" });
    const box = done.closest("[role=status]") as HTMLElement;
    expect(box).toHaveTextContent(messages.deathNotificationReceived);
    expect(box).toHaveTextContent(`Your reference is ${answer.reference}.`);
    expect(screen.getByRole("region", { name: "What happens next" })).toHaveTextContent(
      "Someone from our team will call you on the number you gave us.",
    );
    expect(
      within(screen.getByRole("region", { name: "If you need us sooner" })).getByRole("link", {
        name: atNeedPhone.display,
      }),
    ).toHaveAttribute("href", `tel:${atNeedPhone.dial}`);
    expect(screen.queryByRole("button", { name: "Send" })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/plan (was|was not) found|no plan|could not find|we found/i);

    const post = requests.find((request) => request.url === "/api/notify-a-death");
    expect(post?.method).toBe("POST");
    expect(JSON.parse(post?.body ?? "null")).toEqual({
      person: {
        firstName: "Edith",
        lastName: "Price",
        dateOfBirth: { day: "2", month: "11", year: "1938" },
        planReference: "",
        postcode: "mk40 1aa",
      },
      dateOfDeath: { day: "3", month: "01", year: "2026" },
      accidental: "not_known",
      restingPlace: "hospital",
      restingPlaceDetails: "Bedford Hospital",
      informant: {
        firstName: "David",
        lastName: "Hughes",
        relationship: "nominated_representative",
        email: "david@example.com",
        phone: "07700 900982",
      },
    });
  });

  it("puts what the API says about a field under it, and anything else in a box, keeping what was typed", async () => {
    const user = userEvent.setup();
    let reply = jsonResponse(
      { violations: [{ propertyPath: "person.postcode", title: messages.fullPostcodeNotValid }] },
      422,
    );
    fakeApi(() => reply);
    renderScreen();
    await answerEverything(user);

    await user.click(screen.getByRole("button", { name: "Send" }));

    const postcode = within(part("About the person who died")).getByLabelText(/^Postcode of their home/);
    expect(await screen.findByRole("alert", { name: "There is a problem" })).toHaveTextContent(
      `Postcode of their home: ${messages.fullPostcodeNotValid}`,
    );
    expect(postcode).toHaveAccessibleDescription(
      `With their name and date of birth, this is enough for us to find their plan. For example, MK9 2HP Error: ${messages.fullPostcodeNotValid}`,
    );
    expect(postcode).toHaveValue("mk40 1aa");

    reply = jsonResponse({ violations: [{ propertyPath: "Request", title: messages.requestFailed }] }, 429);
    await user.type(postcode, " ");
    await user.click(screen.getByRole("button", { name: "Send" }));

    const title = await screen.findByRole("heading", { name: "We could not send this" });
    expect(title.closest("[role=alert]")).toHaveTextContent(`Request: ${messages.requestFailed}`);
    expect(within(part("About you")).getByLabelText("Your email address")).toHaveValue("david@example.com");
  });
});
