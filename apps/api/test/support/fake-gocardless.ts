import { createHmac, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { daysAfter, ukToday } from "@kindred/domain";
import type { IncomingWebhook } from "../../src/modules/payments/provider";

/** A request as the fake received it, its JSON body parsed. */
interface RecordedGoCardlessRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  rawBody: string;
  body: unknown;
}

type Fields = Record<string, unknown>;
type Resource = "customers" | "customer_bank_accounts" | "mandates" | "payments" | "refunds";
type Stored = Fields & { id: string; status?: string; links: Record<string, string> };

/** An event as GoCardless puts it in a webhook. */
export interface GoCardlessWebhookEvent {
  id: string;
  created_at: string;
  resource_type: string;
  action: string;
  details: { origin: string; cause: string; description: string; scheme?: string; reason_code?: string };
  metadata: Record<string, string>;
  links: Record<string, string>;
}

/** A failure for the next request, or the next one to this path. */
type Failure = { path?: string } & ({ status: number; body: unknown } | { hang: true });

const prefixes: Record<Resource, string> = {
  customers: "CU",
  customer_bank_accounts: "BA",
  mandates: "MD",
  payments: "PM",
  refunds: "RF",
};

/** What a resource's events may make of it: the action names the status it leaves it in. */
const statuses: Record<string, Set<string>> = {
  mandates: new Set([
    "pending_submission",
    "submitted",
    "active",
    "failed",
    "cancelled",
    "expired",
    "consumed",
    "blocked",
  ]),
  payments: new Set([
    "pending_submission",
    "submitted",
    "confirmed",
    "paid_out",
    "cancelled",
    "failed",
    "charged_back",
    "customer_approval_denied",
  ]),
  refunds: new Set([
    "created",
    "pending_submission",
    "submitted",
    "paid",
    "cancelled",
    "failed",
    "bounced",
    "funds_returned",
  ]),
};

/** A request's JSON body, or null when there is none or it is not JSON. */
function readJson(rawBody: string): unknown {
  try {
    return rawBody ? (JSON.parse(rawBody) as unknown) : null;
  } catch {
    return null;
  }
}

const goCardlessId = (prefix: string) =>
  `${prefix}${randomBytes(7).toString("hex").toUpperCase().slice(0, 12)}`;

/**
 * GoCardless's API (https://developer.gocardless.com/api-reference) as far as our Direct Debit
 * adapter uses it, on 127.0.0.1. Bodies are JSON wrapped in the resource's name
 * (`{ "customers": { ... } }`, answered the same way); every request needs the bearer token and a
 * `GoCardless-Version` header. Creating customers, customer bank accounts, mandates, payments and
 * refunds honours `Idempotency-Key`: a key seen before is answered 409 `idempotent_creation_conflict`
 * with the id of what the first request made, as GoCardless does. Each resource can be read
 * (`GET /{resource}/{id}`, a payment with its `amount_refunded` so far), payments and mandates
 * cancelled (`POST /{resource}/{id}/actions/cancel`; a mandate's payments not yet submitted with
 * it), refunds listed by payment, resources listed by `created_at[gte]` (one page). Errors come as
 * `{ error: { type, code, message, request_id, errors: [{ reason | field, message }] } }`.
 *
 * It records every request (so a test can see the account number reached GoCardless), moves its
 * resources on as a test says what happened, and signs webhooks GoCardless's way: the
 * `Webhook-Signature` header is the hex HMAC-SHA256 of the body with the endpoint's secret. The
 * next answers can be made failures, or held unanswered to see a timeout.
 */
export async function startFakeGoCardless({
  accessToken,
  webhookSecret,
}: {
  accessToken: string;
  webhookSecret: string;
}) {
  const requests: RecordedGoCardlessRequest[] = [];
  const resources: Record<Resource, Map<string, Stored>> = {
    customers: new Map(),
    customer_bank_accounts: new Map(),
    mandates: new Map(),
    payments: new Map(),
    refunds: new Map(),
  };
  const idempotencyKeys = new Map<string, string>();
  const webhooks: IncomingWebhook[] = [];
  const failures: Failure[] = [];
  const sockets = new Set<Socket>();
  const creditor = goCardlessId("CR");

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "content-type": "application/json", "x-request-id": goCardlessId("RQ") });
    response.end(JSON.stringify(body));
  }

  type Answer = { status: number; body: unknown };
  const error = (
    status: number,
    type: string,
    message: string,
    errors: Array<Record<string, unknown>> = [{ reason: type, message }],
  ): Answer => ({
    status,
    body: {
      error: {
        type,
        code: status,
        message,
        documentation_url: `https://developer.gocardless.com/api-reference#${type}`,
        request_id: goCardlessId("RQ"),
        errors,
      },
    },
  });
  const missing = (resource: string, fields: string[]) =>
    error(
      422,
      "validation_failed",
      "Validation failed",
      fields.map((field) => ({ field, message: "is required", request_pointer: `/${resource}/${field}` })),
    );
  const invalid = (resource: string, field: string) =>
    error(422, "validation_failed", "Validation failed", [
      { field, message: "is invalid", request_pointer: `/${resource}/${field}` },
    ]);
  const notFound = () =>
    error(404, "invalid_api_usage", "Resource not found", [
      { reason: "resource_not_found", message: "Resource not found" },
    ]);
  const invalidState = (reason: string, message: string) =>
    error(422, "invalid_state", message, [{ reason, message }]);

  function absent(params: Fields, fields: string[]): string[] {
    return fields.filter((field) => params[field] === undefined || params[field] === "");
  }

  function linksOf(params: Fields): Record<string, string> {
    return (typeof params.links === "object" && params.links !== null ? params.links : {}) as Record<
      string,
      string
    >;
  }

  function store(resource: Resource, fields: Fields & { links: Record<string, string> }): Stored {
    const stored: Stored = {
      id: goCardlessId(prefixes[resource]),
      created_at: new Date().toISOString(),
      ...fields,
    };
    resources[resource].set(stored.id, stored);
    return stored;
  }

  function refundedSoFar(paymentId: string): number {
    return [...resources.refunds.values()]
      .filter((refund) => refund.links.payment === paymentId)
      .filter((refund) => !["cancelled", "failed", "bounced", "funds_returned"].includes(refund.status ?? ""))
      .reduce((total, refund) => total + Number(refund.amount), 0);
  }

  const creators: Record<Resource, (params: Fields) => Answer | Stored> = {
    customers(params) {
      const gaps = absent(params, [
        "given_name",
        "family_name",
        "email",
        "address_line1",
        "city",
        "postal_code",
        "country_code",
      ]);
      if (gaps.length > 0) return missing("customers", gaps);
      const { metadata = {}, ...fields } = params;
      return store("customers", { ...fields, metadata, links: {} });
    },
    customer_bank_accounts(params) {
      const gaps = absent(params, ["account_holder_name", "account_number", "branch_code", "country_code"]);
      if (gaps.length > 0) return missing("customer_bank_accounts", gaps);
      const links = linksOf(params);
      if (!links.customer || !resources.customers.has(links.customer))
        return invalid("customer_bank_accounts", "links/customer");
      if (!/^\d{6}$/.test(String(params.branch_code)))
        return invalid("customer_bank_accounts", "branch_code");
      if (!/^\d{6,8}$/.test(String(params.account_number)))
        return invalid("customer_bank_accounts", "account_number");
      // GoCardless keeps the number and shows only its last two digits again.
      return store("customer_bank_accounts", {
        account_holder_name: String(params.account_holder_name).toUpperCase().slice(0, 18),
        account_number_ending: String(params.account_number).slice(-2),
        bank_name: "BARCLAYS BANK PLC",
        country_code: "GB",
        currency: "GBP",
        enabled: true,
        metadata: {},
        links: { customer: links.customer },
        account_number: params.account_number,
      });
    },
    mandates(params) {
      const links = linksOf(params);
      const account = links.customer_bank_account
        ? resources.customer_bank_accounts.get(links.customer_bank_account)
        : undefined;
      if (!account) return invalid("mandates", "links/customer_bank_account");
      if (params.scheme !== undefined && params.scheme !== "bacs") return invalid("mandates", "scheme");
      // A creditor's own reference, as Bacs takes it: 6 to 18 letters, digits, spaces and -./&,
      // with at least 6 letters or digits, held by no other mandate. Without one, GoCardless makes one.
      const reference = params.reference;
      if (reference !== undefined) {
        if (
          typeof reference !== "string" ||
          !/^[A-Za-z0-9 .&/-]{6,18}$/.test(reference) ||
          reference.replace(/[^A-Za-z0-9]/g, "").length < 6 ||
          [...resources.mandates.values()].some((mandate) => mandate.reference === reference)
        ) {
          return invalid("mandates", "reference");
        }
      }
      return store("mandates", {
        reference: reference ?? `KINDRED-${randomBytes(3).toString("hex").toUpperCase()}`,
        scheme: "bacs",
        status: "pending_submission",
        // A UK banking day, as GoCardless gives it.
        next_possible_charge_date: daysAfter(ukToday(), 7),
        metadata: params.metadata ?? {},
        links: { customer_bank_account: account.id, customer: account.links.customer ?? "", creditor },
      });
    },
    payments(params) {
      const gaps = absent(params, ["amount", "currency"]);
      if (gaps.length > 0) return missing("payments", gaps);
      if (!Number.isInteger(params.amount) || Number(params.amount) < 1) return invalid("payments", "amount");
      if (params.currency !== "GBP") return invalid("payments", "currency");
      if (params.charge_date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(params.charge_date))) {
        return invalid("payments", "charge_date");
      }
      const links = linksOf(params);
      const mandate = links.mandate ? resources.mandates.get(links.mandate) : undefined;
      if (!mandate) return invalid("payments", "links/mandate");
      if (["cancelled", "failed", "expired"].includes(mandate.status ?? "")) {
        return invalidState("mandate_is_inactive", "The mandate for this payment is not active");
      }
      return store("payments", {
        amount: params.amount,
        amount_refunded: 0,
        currency: "GBP",
        charge_date: params.charge_date ?? mandate.next_possible_charge_date,
        description: params.description ?? null,
        status: "pending_submission",
        metadata: params.metadata ?? {},
        links: { mandate: mandate.id, creditor },
      });
    },
    refunds(params) {
      const gaps = absent(params, ["amount", "total_amount_confirmation"]);
      if (gaps.length > 0) return missing("refunds", gaps);
      const links = linksOf(params);
      const payment = links.payment ? resources.payments.get(links.payment) : undefined;
      if (!payment) return invalid("refunds", "links/payment");
      if (!["confirmed", "paid_out"].includes(payment.status ?? "")) {
        return invalidState(
          "refund_payment_invalid_state",
          "Only confirmed or paid out payments can be refunded",
        );
      }
      const amount = Number(params.amount);
      const total = refundedSoFar(payment.id) + amount;
      if (Number(params.total_amount_confirmation) !== total) {
        return invalidState(
          "total_amount_confirmation_invalid",
          "The total amount confirmation given did not equal the actual total amount",
        );
      }
      if (total > Number(payment.amount)) {
        return invalidState(
          "refund_amount_exceeds_payment",
          "The refunds would exceed the amount of the payment",
        );
      }
      payment.amount_refunded = total;
      return store("refunds", {
        amount,
        currency: "GBP",
        status: "created",
        metadata: params.metadata ?? {},
        links: { payment: payment.id, mandate: payment.links.mandate ?? "" },
      });
    },
  };

  /** What a resource looks like to the API's callers: GoCardless never gives an account number back. */
  function shown(stored: Stored): Fields {
    const { account_number: _accountNumber, ...fields } = stored;
    return fields;
  }

  function cancel(resource: "payments" | "mandates", id: string): Answer {
    const found = resources[resource].get(id);
    if (!found) return notFound();
    const cancellable =
      resource === "payments"
        ? ["pending_submission", "pending_customer_approval"]
        : ["pending_submission", "submitted", "active"];
    if (!cancellable.includes(found.status ?? "")) {
      return invalidState("cancellation_failed", `This ${resource.slice(0, -1)} cannot be cancelled`);
    }
    found.status = "cancelled";
    if (resource === "mandates") {
      for (const payment of resources.payments.values()) {
        if (payment.links.mandate === id && payment.status === "pending_submission")
          payment.status = "cancelled";
      }
    }
    return { status: 200, body: { [resource]: shown(found) } };
  }

  function route(method: string, url: URL, body: unknown, idempotencyKey: string | undefined): Answer {
    const segments = url.pathname.split("/").filter(Boolean);
    const resource = segments[0] as Resource;
    if (!(resource in resources)) return notFound();

    if (method === "POST" && segments.length === 1) {
      const params = (body as Fields | null)?.[resource];
      if (typeof params !== "object" || params === null) {
        return error(400, "invalid_api_usage", "Invalid document structure", [
          { reason: "invalid_document_structure", message: `Expected a "${resource}" object` },
        ]);
      }
      const scopedKey = idempotencyKey ? `${resource} ${idempotencyKey}` : undefined;
      const earlier = scopedKey ? idempotencyKeys.get(scopedKey) : undefined;
      if (earlier) {
        const message = "A resource has already been created with this idempotency key";
        return error(409, "invalid_state", message, [
          { reason: "idempotent_creation_conflict", message, links: { conflicting_resource_id: earlier } },
        ]);
      }
      const created = creators[resource](params as Fields);
      if ("status" in created && typeof created.status === "number") return created as Answer;
      const stored = created as Stored;
      if (scopedKey) idempotencyKeys.set(scopedKey, stored.id);
      return { status: 201, body: { [resource]: shown(stored) } };
    }
    if (method === "GET" && segments.length === 1) {
      const payment = url.searchParams.get("payment");
      const createdFrom = url.searchParams.get("created_at[gte]");
      const listed = [...resources[resource].values()].filter(
        (each) =>
          (!payment || each.links.payment === payment) &&
          (!createdFrom || String(each.created_at) >= createdFrom),
      );
      return {
        status: 200,
        body: { [resource]: listed.map(shown), meta: { cursors: { before: null, after: null }, limit: 50 } },
      };
    }
    const found = resources[resource].get(segments[1] ?? "");
    if (method === "GET" && segments.length === 2) {
      return found ? { status: 200, body: { [resource]: shown(found) } } : notFound();
    }
    if (
      method === "POST" &&
      segments.length === 4 &&
      segments[2] === "actions" &&
      segments[3] === "cancel" &&
      (resource === "payments" || resource === "mandates")
    ) {
      return cancel(resource, segments[1] ?? "");
    }
    return notFound();
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://fake");
    const body = readJson(rawBody);
    const method = request.method ?? "";
    requests.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      rawBody,
      body,
    });

    const failureAt = failures.findIndex((failure) => !failure.path || failure.path === url.pathname);
    const [failure] = failureAt === -1 ? [] : failures.splice(failureAt, 1);
    if (failure && "hang" in failure) return; // never answered: the caller's timeout has to end it
    if (failure) return send(response, failure.status, failure.body);

    if (request.headers.authorization !== `Bearer ${accessToken}`) {
      const { status, body: refusal } = error(401, "invalid_api_usage", "Access token not found", [
        { reason: "access_token_not_found", message: "Access token not found" },
      ]);
      return send(response, status, refusal);
    }
    if (!request.headers["gocardless-version"]) {
      const { status, body: refusal } = error(400, "invalid_api_usage", "GoCardless-Version header missing", [
        { reason: "missing_version_header", message: "Please specify a GoCardless-Version header" },
      ]);
      return send(response, status, refusal);
    }
    const key = request.headers["idempotency-key"];
    const result = route(method, url, body, typeof key === "string" ? key : undefined);
    return send(response, result.status, result.body);
  }

  function sign(rawBody: string, secret = webhookSecret): string {
    return createHmac("sha256", secret).update(rawBody).digest("hex");
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((failure: unknown) => {
      response.destroy(failure instanceof Error ? failure : new Error(String(failure)));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    customers: resources.customers,
    bankAccounts: resources.customer_bank_accounts,
    mandates: resources.mandates,
    payments: resources.payments,
    refunds: resources.refunds,
    webhooks,
    /** The hex HMAC-SHA256 of this body with this secret, as `Webhook-Signature` carries it. */
    sign,
    /**
     * Something happened to a mandate, payment or refund: its status moves on as the action says,
     * and the event GoCardless would send about it is answered. A refund's event links only the
     * refund, as GoCardless's do.
     */
    happen(
      resourceType: "mandates" | "payments" | "refunds",
      id: string,
      action: string,
      details: Partial<GoCardlessWebhookEvent["details"]> = {},
    ): GoCardlessWebhookEvent {
      const found = resources[resourceType].get(id);
      if (!found) throw new Error(`The fake GoCardless has no ${resourceType} ${id}`);
      if (statuses[resourceType]?.has(action)) found.status = action;
      // A refund that failed, bounced or was returned no longer counts in its payment's total.
      const refunded =
        resourceType === "refunds" ? resources.payments.get(found.links.payment as string) : undefined;
      if (refunded) refunded.amount_refunded = refundedSoFar(refunded.id as string);
      const link = resourceType.slice(0, -1);
      return {
        id: goCardlessId("EV"),
        created_at: new Date().toISOString(),
        resource_type: resourceType,
        action,
        details: {
          origin: "gocardless",
          cause: `${link}_${action}`,
          description: `The ${link} is ${action}.`,
          ...details,
        },
        metadata: {},
        links: { [link]: id },
      };
    },
    /**
     * The bank, or the customer at their bank, ends a mandate (issue 46 item 1), as GoCardless
     * reports it: `cancelled` with cause `bank_account_closed` or `mandate_cancelled`, `failed`,
     * or `expired`. Its payments not yet submitted are cancelled with it, each with its own
     * `payments` `cancelled` event whose cause is `mandate_cancelled`. Answers the events, the
     * mandate's first.
     */
    endMandate(
      id: string,
      how: "bank_account_closed" | "mandate_cancelled" | "failed" | "expired",
    ): GoCardlessWebhookEvent[] {
      const descriptions = {
        bank_account_closed: "The customer's bank account was closed.",
        mandate_cancelled: "The mandate was cancelled at a bank branch.",
        failed: "The mandate failed: the bank details are not valid.",
        expired: "The mandate expired: no payment was collected under it for 13 months.",
      };
      const action = how === "failed" || how === "expired" ? how : "cancelled";
      const events = [
        this.happen("mandates", id, action, {
          origin: "bank",
          cause: how === "failed" ? "invalid_bank_details" : how === "expired" ? "mandate_expired" : how,
          description: descriptions[how],
          scheme: "bacs",
        }),
      ];
      for (const payment of resources.payments.values()) {
        if (payment.links.mandate !== id || payment.status !== "pending_submission") continue;
        events.push(
          this.happen("payments", payment.id as string, "cancelled", {
            origin: "gocardless",
            cause: "mandate_cancelled",
            description: "The mandate for this payment was cancelled.",
          }),
        );
      }
      return events;
    },
    /** A webhook carrying these events, signed with the endpoint's secret; kept in `webhooks` too. */
    webhook(
      ...events: Array<Omit<GoCardlessWebhookEvent, "details"> & { details?: object }>
    ): IncomingWebhook {
      const rawBody = JSON.stringify({ events, meta: { webhook_id: goCardlessId("WB") } });
      const webhook = {
        rawBody,
        headers: {
          "content-type": "application/json",
          origin: "https://api.gocardless.com",
          "webhook-signature": sign(rawBody),
        },
      };
      webhooks.push(webhook);
      return webhook;
    },
    /** The next answer (to a request for `path`, if given) is this status and body, whatever was asked. */
    failNext(status: number, body: unknown, { path }: { path?: string } = {}) {
      failures.push({ status, body, path });
    },
    /** The next request (for `path`, if given) is never answered. */
    hangNext({ path }: { path?: string } = {}) {
      failures.push({ hang: true, path });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

export type FakeGoCardless = Awaited<ReturnType<typeof startFakeGoCardless>>;
