import { useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QueryProvider } from "./query-provider";

/** A part of a page that reads the saved plan's name (its reading counted). */
function PlanName({ read }: { read: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ["plan-name"], queryFn: read });
  return <p>{data ?? "Loading…"}</p>;
}

describe("QueryProvider (decision 033: in each part's layout, one client a page load)", () => {
  it("keeps what one part of the site read when the visitor moves on to another, as one provider did", async () => {
    const read = vi.fn(async () => "Attended cremation");
    // The journey's layout, then (a client-side move) the purchase's: a provider of its own each.
    const journey = render(
      <QueryProvider>
        <PlanName read={read} />
      </QueryProvider>,
    );
    expect(await screen.findByText("Attended cremation")).toBeInTheDocument();
    journey.unmount();

    render(
      <QueryProvider>
        <PlanName read={read} />
      </QueryProvider>,
    );
    expect(screen.getByText("Attended cremation")).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(1);
  });
});
