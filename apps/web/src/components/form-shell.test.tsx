import { act, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { FormShell } from "./form-shell";
import { useSchemaForm } from "./schema-form";

/** The back office's sign-in as far as its button goes: a form that cannot work without script. */
function NeedsScript() {
  const form = useSchemaForm({
    schema: z.object({ code: z.string() }),
    idPrefix: "needs-script",
    labels: { code: "Code" },
    defaultValues: { code: "" },
  });
  return (
    <FormShell form={form.form} summary={form.summary} onValid={() => {}} submitLabel="Sign in" needsScript>
      <p>Fields</p>
    </FormShell>
  );
}

describe("a form that cannot work without the page's script", () => {
  afterEach(() => document.body.replaceChildren());

  it("cannot be sent until the page has come to life, so an early press posts nowhere, then can", async () => {
    const page = document.createElement("div");
    document.body.append(page);
    page.innerHTML = renderToString(<NeedsScript />);
    // As the server draws it: pressed now, the browser would send the form to a page that refuses it.
    expect(page.querySelector("button")).toBeDisabled();

    await act(async () => {
      hydrateRoot(page, <NeedsScript />);
    });

    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });
});
