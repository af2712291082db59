import { afterEach, expect, it, vi } from "vitest";
import { fakeFetch, jsonResponse, tokenResponse } from "../test/fake-fetch";
import { apiRequest, stopSending } from "./api-client";

// Its own file: once a page has stopped sending, it sends nothing more, so no test may follow it.

afterEach(() => {
  vi.unstubAllGlobals();
});

it("sends nothing once the session is ending, and answers when what was on its way has been answered", async () => {
  let answerPayments: () => void = () => {};
  const paymentsHeld = new Promise<void>((resolve) => {
    answerPayments = resolve;
  });
  const requests = fakeFetch(async (request) => {
    if (request.url === "/token") return tokenResponse("customer-token");
    if (request.url.endsWith("/payments")) await paymentsHeld;
    return jsonResponse({ state: "ready_to_pay" });
  });

  // A read of the page on its way when the person presses "Sign out".
  const reading = apiRequest("/api/plan/plan-1/payments");
  await vi.waitFor(() =>
    expect(requests.map((request) => request.url)).toContain("/api/plan/plan-1/payments"),
  );
  let stopped = false;
  const stopping = stopSending().then(() => {
    stopped = true;
  });
  // A read asked for after that is never sent: the token it would carry is about to be revoked.
  void apiRequest("/api/plan/plan-1");

  await Promise.resolve();
  expect(stopped).toBe(false);
  answerPayments();
  await stopping;
  expect(await reading).toMatchObject({ ok: true, status: 200 });
  expect(requests.map((request) => request.url)).not.toContain("/api/plan/plan-1");
});
