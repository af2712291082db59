import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { PostcodeSearch } from "./postcode-search";

function Search({
  onSearch,
  onSubmit,
  error,
}: {
  onSearch: () => void;
  onSubmit: () => void;
  error?: string;
}) {
  const [value, setValue] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <PostcodeSearch
        id="postcode"
        label="Your postcode"
        hint="For example, MK9 2HP"
        buttonLabel="Search"
        value={value}
        onChange={setValue}
        onSearch={onSearch}
        error={error}
      />
    </form>
  );
}

describe("PostcodeSearch", () => {
  it("searches from its button and from Enter, and Enter never sends the form around it", async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const onSubmit = vi.fn();
    render(<Search onSearch={onSearch} onSubmit={onSubmit} />);

    const box = screen.getByRole("textbox", { name: "Your postcode" });
    expect(box).toHaveAttribute("autocomplete", "postal-code");
    expect(box).toHaveAccessibleDescription("For example, MK9 2HP");
    await user.type(box, "mk9 2hp{Enter}");
    expect(box).toHaveValue("mk9 2hp");
    expect(onSearch).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says what is wrong with the postcode above the box", () => {
    render(<Search onSearch={vi.fn()} onSubmit={vi.fn()} error="Enter a full UK postcode" />);

    const box = screen.getByRole("textbox", { name: "Your postcode" });
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription("For example, MK9 2HP Error: Enter a full UK postcode");
    expect(document.getElementById("postcode-error")?.compareDocumentPosition(box)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
