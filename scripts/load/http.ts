// HTTP for the load run: each simulated visitor connects from an address of its own (every
// address in 127.0.0.0/8 reaches this machine on Linux), keeps its connections open as a browser
// does, and every request it makes is recorded with its kind, answer and timing.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";

/** What one request ended in: an HTTP status, or a failure with no answer at all. */
export interface Outcome {
  kind: string;
  /** 0 when no answer came (the connection failed or was cut). */
  status: number;
  /** The network error's code when status is 0 (ECONNRESET, ECONNREFUSED, timeout). */
  error?: string;
  start: number;
  end: number;
  /**
   * For a 5xx: whether its body is the violations the web app shows as a message ("message"), or
   * something else it would show as raw text ("raw", a gateway's HTML page, say).
   */
  shownAs?: "message" | "raw";
}

/** The violations shape the web app shows as a message. */
function isViolations(body: string): boolean {
  try {
    const parsedBody = JSON.parse(body) as { violations?: unknown; error?: unknown };
    return Array.isArray(parsedBody.violations) || typeof parsedBody.error === "string";
  } catch {
    return false;
  }
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Every request of the run, in the order they ended. */
export class Recorder {
  readonly outcomes: Outcome[] = [];
  record(outcome: Outcome): void {
    this.outcomes.push(outcome);
  }
}

export interface ClientOptions {
  host: string;
  port: number;
  /** The address this client connects from. */
  localAddress?: string;
  recorder?: Recorder;
  /** A request with no answer after this long is given up (and recorded as a timeout). */
  timeoutMs?: number;
}

/** A browser-like client: keep-alive connections from one address, six at most, like a browser. */
export class Client {
  private readonly agent: Agent;
  constructor(private readonly options: ClientOptions) {
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: 6,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
  }

  /** Sends one request; never throws for an HTTP or network failure (status 0 then). */
  async send(
    kind: string,
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer & { error?: string }> {
    const start = performance.now();
    const answer = await new Promise<Answer & { error?: string }>((resolve) => {
      const body = options.body;
      const sent = httpRequest(
        {
          host: this.options.host,
          port: this.options.port,
          agent: this.agent,
          method,
          path,
          headers: {
            ...options.headers,
            ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
          },
          timeout: this.options.timeoutMs ?? 30_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          response.on("error", (error: NodeJS.ErrnoException) =>
            resolve({ status: 0, headers: {}, body: "", error: error.code ?? error.message }),
          );
        },
      );
      sent.on("timeout", () => sent.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
      sent.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ status: 0, headers: {}, body: "", error: error.code ?? error.message }),
      );
      sent.end(body);
    });
    this.options.recorder?.record({
      kind,
      status: answer.status,
      ...(answer.error ? { error: answer.error } : {}),
      start,
      end: performance.now(),
      ...(answer.status >= 500 ? { shownAs: isViolations(answer.body) ? "message" : "raw" } : {}),
    });
    return answer;
  }

  /** A JSON request with a bearer token (or none), as the web app's api-client sends it. */
  json(
    kind: string,
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ) {
    return this.send(kind, method, path, {
      headers: {
        accept: "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...extraHeaders,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** A form POST to `/token`, as the web app's token session sends it. */
  token(kind: string, fields: Record<string, string>, extraHeaders: Record<string, string> = {}) {
    return this.send(kind, "POST", "/token", {
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        ...extraHeaders,
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The body as JSON, or undefined when it is not JSON. */
export function parsed<T>(answer: Answer): T | undefined {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return undefined;
  }
}

/** The version an ETag names (`"7"` → 7). */
export function versionOfEtag(headers: IncomingHttpHeaders): number | undefined {
  const match = /^(?:W\/)?"(\d+)"$/.exec(String(headers.etag ?? ""));
  return match ? Number(match[1]) : undefined;
}
