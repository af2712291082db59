// A plan brought to where it may be paid for, over HTTP, as the API's tests' `readyPlan` does it
// in-process (apps/api/test/support/ready-plans.ts) and a visitor does it in the browser: a guest
// token, a guest plan with the whole journey, the six documents accepted, an account made from the
// plan's people, its email address confirmed from the link in the outbox, and a sign-in.
import {
  funeralDirectorSearchResponseSchema,
  planOptionsResponseSchema,
  planResponseSchema,
  type PlanOptionsResponse,
} from "@kindred/contracts";
import { legalDocumentReferences } from "@kindred/domain";
import { apiUrlOfLink, goodPassword } from "../../apps/api/test/support/customers";
import { fullJourney } from "../../apps/api/test/support/journeys";
import { waitForEmailTo } from "../../apps/api/test/support/outbox";
import { customerGuestDetails } from "../../apps/api/test/support/people";
import { expectStatus, type Balancer } from "./balancer";
import { oauthClient } from "./cluster";

export interface ReadyPlan {
  planId: string;
  /** The plan's price in pence, as the API priced it. */
  price: number;
  email: string;
  /** The customer's access token. */
  token: string;
}

export interface ReadyContext {
  catalogue: PlanOptionsResponse;
  branchId: number;
  /** The outbox both API processes write to. */
  outbox: string;
}

/** A guest token, asked for as the web server asks for one (with its client's credentials). */
export async function guestToken(api: Balancer): Promise<string> {
  const answer = await api.token("guest token", {
    grant_type: "client_credentials",
    scope: "APPLICATION",
    client_id: oauthClient.id,
    client_secret: oauthClient.secret,
  });
  return expectStatus<{ access_token: string }>(answer, [200], "a guest token").access_token;
}

export async function readyPlan(api: Balancer, context: ReadyContext): Promise<ReadyPlan> {
  const guest = await guestToken(api);
  const planned = await api.json(
    "guest plan",
    "POST",
    "/api/guest/plan",
    guest,
    fullJourney(context.catalogue, context.branchId),
  );
  const plan = planResponseSchema.parse(expectStatus(planned, [201], "a guest plan"));
  const accepted = await api.json("accept documents", "PUT", `/api/plan/${plan.id}/legal`, guest, {
    documents: legalDocumentReferences.map((docReference) => ({ docReference, accepted: true })),
  });
  expectStatus(accepted, [200], "accepting the documents");
  const details = customerGuestDetails();
  const email = details.customer.email.toLowerCase();
  const registered = await api.json(
    "register",
    "POST",
    `/api/plan/${plan.id}/customer-guest`,
    guest,
    details,
  );
  expectStatus(registered, [202], "an account from the plan");
  // The confirmation is written by a job a moment after the answer, by either process.
  const confirmation = await waitForEmailTo(context.outbox, email, /confirm your email/i, 60_000);
  const link = confirmation.text.split(/\s+/).find((word) => word.includes("/account/confirm-email?"));
  if (!link) throw new Error(`No confirmation link in the email to ${email}`);
  expectStatus(
    await api.json("confirm email", "GET", apiUrlOfLink(link), guest),
    [200],
    "confirming the email address",
  );
  const signedIn = await api.token("sign in", {
    grant_type: "password",
    scope: "CUSTOMER",
    username: email,
    password: goodPassword,
    client_id: oauthClient.id,
    client_secret: oauthClient.secret,
  });
  const token = expectStatus<{ access_token: string }>(signedIn, [200], "signing in").access_token;
  return { planId: plan.id, price: plan.price.total, email, token };
}

/** The catalogue and the branch nearest N1, found as a visitor finds them, for every plan's journey. */
export async function readyContextFrom(api: Balancer, outbox: string): Promise<ReadyContext> {
  const token = await guestToken(api);
  const catalogue = planOptionsResponseSchema.parse(
    expectStatus(await api.json("plan options", "GET", "/api/plan-options", token), [200], "the catalogue"),
  );
  const search = await api.json(
    "director search",
    "GET",
    "/api/funeral-director/search?postcode=N1%201AA",
    token,
  );
  const [branch] = funeralDirectorSearchResponseSchema.parse(
    expectStatus(search, [200], "a funeral director search"),
  ).branches;
  if (!branch) throw new Error("No funeral director near N1");
  return { catalogue, branchId: branch.id, outbox };
}
