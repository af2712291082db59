import { vulnerabilityKinds } from "./people";

/**
 * What an error report (Sentry's event, from the web or the API) may carry: ARCHITECTURE.md says
 * secrets, passwords, tokens and bank details never appear in one, and health answers (the
 * vulnerability questions) are as private as anything we hold. The SDKs are set to collect no
 * personal data (`errorReportDataCollection`); this is the second lock, applied to every event
 * and transaction just before it leaves (`beforeSend`, `beforeSendTransaction`). It works on plain
 * objects, so both apps use the same rules without the domain knowing Sentry's types.
 */

/**
 * What the error-reporting SDKs collect by themselves (Sentry 11's `dataCollection` option, which
 * replaced `sendDefaultPii`; its defaults collect nearly everything): no user details, cookies,
 * bodies, query strings, database query data or local variables, and only harmless headers.
 */
function errorReportDataCollection() {
  return {
    userInfo: false,
    cookies: false,
    httpHeaders: {
      request: { allow: ["accept", "accept-language", "content-type", "content-length", "user-agent"] },
      response: { allow: ["content-type", "content-length"] },
    },
    httpBodies: [] as never[],
    urlQueryParams: false,
    graphQL: { document: false, variables: false },
    genAI: { inputs: false, outputs: false },
    databaseQueryData: false,
    queues: false,
    stackFrameVariables: false,
  };
}

/** Written in place of anything taken out. */
export const filteredValue = "[Filtered]";

/** Field names (compared without case, `-` or `_`) whose values never go into a report. */
const sensitiveFieldNames = new Set(
  [
    // Credentials and tokens.
    "password",
    "passwordRepeat",
    "currentPassword",
    "newPassword",
    "token",
    "accessToken",
    "refreshToken",
    "idToken",
    "apiToken",
    // A browser's note that it signed in before (it lets that browser past a stranger's guessing).
    "knownBrowser",
    "apiKey",
    "secret",
    "clientSecret",
    "authorization",
    "proxyAuthorization",
    "cookie",
    "cookies",
    "setCookie",
    "signature",
    // Bank and card details.
    "sortCode",
    "accountNumber",
    "accountHolder",
    "accountHolderName",
    "accountName",
    "bankDetails",
    "paymentDDDetails",
    "directDebit",
    "iban",
    "cardNumber",
    "cvc",
    "cvv",
    // Health and circumstances: the vulnerability questions and their notes.
    "vulnerabilities",
    "vulnerabilityNotes",
    // Free-text wishes and notes, where people write about their health and family.
    "notes",
    "accessibilitySupportForDocumentation",
    ...vulnerabilityKinds,
    // Who the person is.
    "email",
    "userEmail",
    "phone",
    "dateOfBirth",
    "dateOfBirthIso8601",
    "address",
    "billingAddress",
    "postcode",
  ].map(normalisedName),
);

function normalisedName(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, "");
}

/** Parts of a dotted attribute name ("http.request.body.data") that make the whole of it sensitive. */
const sensitiveAttributeParts = new Set([
  "body",
  "query",
  "querystring",
  "ipaddress",
  "cookies",
  ...sensitiveFieldNames,
]);

/**
 * True for a field whose value is never reported, whatever it holds. A dotted attribute name
 * (OpenTelemetry's "http.request.header.authorization", "user.ip_address") is sensitive when any
 * of its parts is.
 */
function isSensitiveFieldName(name: string): boolean {
  if (sensitiveFieldNames.has(normalisedName(name))) return true;
  if (!name.includes(".")) return false;
  return name.split(".").some((part) => sensitiveAttributeParts.has(normalisedName(part)));
}

/** Names of sensitive fields as they appear in free text ("client_secret=…", `"password":"…"`). */
const sensitiveInText = "([A-Za-z_]*(?:password|token|secret|sort_?code|account_?number|known_?browser))";

const textRules: readonly [RegExp, string][] = [
  // Credentials written into a message: "Bearer abc…", "Basic dXNlcjpw…".
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${filteredValue}`],
  // A query string after an address or a path may carry a token (reset-password links do).
  [/((?:https?:\/\/|\/)[^\s?#"'<>]*)\?[^\s#"'<>]+/g, `$1?${filteredValue}`],
  // name=value pairs of sensitive fields in free text ("password=hunter2").
  [new RegExp(`(${sensitiveInText}["']?\\s*[:=]\\s*)("[^"]*"|'[^']*')`, "gi"), `$1"${filteredValue}"`],
  [new RegExp(`(${sensitiveInText}\\s*[:=]\\s*)(?!["'])[^\\s&,;}]+`, "gi"), `$1${filteredValue}`],
  // Card numbers: 13 to 19 digits, spaces or dashes allowed between them.
  [/\b\d(?:[ -]?\d){12,18}\b/g, filteredValue],
  // Sort codes (12-34-56) and account numbers (eight digits).
  [/\b\d{2}-\d{2}-\d{2}\b/g, filteredValue],
  [/\b\d{8}\b/g, filteredValue],
  // Long random strings: our tokens are 43 characters of base64url. (UUIDs, 36, are kept.)
  [/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g, filteredValue],
];

/** Free text with credentials, query strings, bank and card numbers and tokens taken out. */
export function scrubText(text: string): string {
  return textRules.reduce((scrubbed, [pattern, replacement]) => scrubbed.replace(pattern, replacement), text);
}

/** Only these request headers are kept; every other (cookies, authorization, anything custom) goes. */
const reportedHeaders = new Set([
  "accept",
  "accept-language",
  "content-type",
  "content-length",
  "user-agent",
]);

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function scrubValue(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value) || depth > 30) return filteredValue;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, seen, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSensitiveFieldName(key) ? filteredValue : scrubValue(item, seen, depth + 1),
    ]),
  );
}

function scrubRequest(request: Plain): Plain {
  const headers = isPlain(request.headers)
    ? Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => reportedHeaders.has(name.toLowerCase())),
      )
    : undefined;
  return {
    ...(typeof request.method === "string" ? { method: request.method } : {}),
    // The address without its query string or fragment, which may carry a token.
    ...(typeof request.url === "string" ? { url: request.url.replace(/[?#].*$/s, "") } : {}),
    ...(headers ? { headers } : {}),
    // Left out on purpose: data (the body), cookies, query_string, env.
  };
}

/**
 * The event as it may be sent: the request reduced to its method, address without a query and a
 * few harmless headers (no body, cookies or authorization); the user reduced to an id; local
 * variables dropped from stack frames; and everywhere else, sensitive fields replaced and text
 * scrubbed (`scrubText`). Returns a new object; the one given is not changed.
 */
export function scrubErrorReport<Event extends object>(event: Event): Event {
  const { request, user, ...rest } = event as Plain;
  const kept = Object.fromEntries(Object.entries(rest).filter(([key]) => structuralFields.has(key)));
  const others = Object.fromEntries(Object.entries(rest).filter(([key]) => !structuralFields.has(key)));
  const scrubbed = { ...(scrubValue(dropFrameVariables(others), new WeakSet(), 0) as Plain), ...kept };
  if (isPlain(request)) scrubbed.request = scrubRequest(request);
  if (isPlain(user) && (typeof user.id === "string" || typeof user.id === "number"))
    scrubbed.user = { id: user.id };
  return scrubbed as Event;
}

/** The SDK's own bookkeeping, kept as it is (a release named by a commit is 40 random-looking characters). */
const structuralFields = new Set([
  "event_id",
  "timestamp",
  "start_timestamp",
  "release",
  "dist",
  "environment",
  "platform",
  "level",
  "type",
  "sdk",
  "debug_meta",
  "modules",
  "measurements",
  "transaction_info",
]);

/** Stack frames' local variables (an SDK option we do not use, but never reported anyway). */
function dropFrameVariables(event: Plain): Plain {
  const exception = event.exception;
  if (!isPlain(exception) || !Array.isArray(exception.values)) return event;
  const values = exception.values.map((value: unknown) => {
    if (!isPlain(value) || !isPlain(value.stacktrace) || !Array.isArray(value.stacktrace.frames))
      return value;
    const frames = value.stacktrace.frames.map((frame: unknown) => {
      if (!isPlain(frame)) return frame;
      const { vars: _vars, ...kept } = frame;
      return kept;
    });
    return { ...value, stacktrace: { ...value.stacktrace, frames } };
  });
  return { ...event, exception: { ...exception, values } };
}

/** The attribute the web's not-found page sets on its page-load span (`markNotFoundPage`). */
export const notFoundPageAttribute = "kindred.page";

/**
 * True for a transaction (a page load or a request) of the not-found page: SPEC.md section 1
 * drops them. Recognised by the attribute the not-found page sets, a 404 status, or Next.js's
 * own names for its not-found route.
 */
export function isNotFoundTransaction(event: object): boolean {
  const { transaction, contexts, tags } = event as Plain;
  if (typeof transaction === "string" && /(^|\s|\/)(_not-found|404)$/.test(transaction)) return true;
  const trace = isPlain(contexts) && isPlain(contexts.trace) ? contexts.trace : undefined;
  const data = trace && isPlain(trace.data) ? trace.data : {};
  if (data[notFoundPageAttribute] === "not-found") return true;
  const status = data["http.response.status_code"] ?? (isPlain(tags) ? tags["http.status_code"] : undefined);
  return Number(status) === 404;
}

/**
 * True when the error being reported means "no such page or thing" (404): an answer, not a fault.
 * Covers an error with a 404 status (Fastify's, our API client's) and Next.js's notFound().
 */
export function isNotFoundError(error: unknown): boolean {
  if (!isPlain(error) && !(error instanceof Error)) return false;
  const fields = error as Plain;
  if (fields.statusCode === 404 || fields.status === 404) return true;
  const digest = typeof fields.digest === "string" ? fields.digest : "";
  const message = error instanceof Error ? error.message : "";
  return [digest, message].some(
    (text) => text === "NEXT_NOT_FOUND" || text.startsWith("NEXT_HTTP_ERROR_FALLBACK;404"),
  );
}

/**
 * The options each of our Sentry SDKs (the API's, the web server's and the browser's) starts
 * with: SPEC.md's trace rate, nothing collected that could be personal, every report scrubbed,
 * not-found errors and transactions dropped, whole transactions (so each passes
 * `beforeSendTransaction`; streamed spans would not), and no trace headers sent to anyone else.
 */
export function errorReportOptions(settings: {
  dsn: string;
  release: string;
  environment?: string | undefined;
}) {
  return {
    dsn: settings.dsn,
    release: settings.release,
    ...(settings.environment ? { environment: settings.environment } : {}),
    dataCollection: errorReportDataCollection(),
    tracesSampleRate: 1,
    traceLifecycle: "static" as const,
    tracePropagationTargets: [] as string[],
    beforeSend: <Event extends object>(event: Event, hint: { originalException?: unknown }) =>
      isNotFoundError(hint.originalException) ? null : scrubErrorReport(event),
    beforeSendTransaction: <Event extends object>(event: Event) =>
      isNotFoundTransaction(event) ? null : scrubErrorReport(event),
  };
}
