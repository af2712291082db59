// Two API processes reached as a load balancer in front of them would reach them: each request
// goes to one at random, and to the other when the first refuses the connection (the process is
// down, so nothing was sent). A request that was sent and got no answer, or a 5xx (the process
// died with it in hand), may or may not have been acted on: it is sent again to the other
// process, with the same headers (so the same Idempotency-Key), as a client would, and recorded
// as in doubt with the answer that settled it.
import { Client, type Answer, type Recorder } from "./http";
import { wait } from "./support";

/** A request whose first answer never came (or was a 5xx), and what settled it. */
export interface InDoubt {
  kind: string;
  /** The first try's network error code, or its 5xx status. */
  first: string;
  /** performance.now() when the first try was sent, and when it ended. */
  start: number;
  end: number;
  /** The status that settled it once sent again (0: it never was). */
  settledWith: number;
}

export type Sent = Answer & { error?: string; index: 0 | 1 };

/** How many requests that change something (not GETs) each process has in hand right now. */
export class WritesInFlight {
  readonly at: [number, number] = [0, 0];
}

/** How a request is made on one process's client (the JSON or form call of http.ts). */
type Call = (client: Client) => Promise<Answer & { error?: string }>;

const refused = (answer: { status: number; error?: string }) =>
  answer.status === 0 && answer.error === "ECONNREFUSED";
/** Sent, and not answered by the application: no answer, or a 5xx. */
const inDoubt = (answer: { status: number }) => answer.status === 0 || answer.status >= 500;

export class Balancer {
  private readonly clients: [Client, Client];
  private readonly recorder: Recorder | undefined;
  private readonly doubts: InDoubt[];
  private readonly writes: WritesInFlight | undefined;

  constructor(
    ports: readonly [number, number],
    options: {
      /** The address this customer connects from, so per-address limits see one person. */
      localAddress?: string;
      /** Each request is recorded once, as the balancer answered it (not each process tried). */
      recorder?: Recorder;
      /** Every request in doubt is added here. */
      inDoubt?: InDoubt[];
      /** Counted here while in hand, so a kill can be timed to catch one. */
      writesInFlight?: WritesInFlight;
      timeoutMs?: number;
    } = {},
  ) {
    const client = (port: number) =>
      new Client({
        host: "127.0.0.1",
        port,
        timeoutMs: options.timeoutMs ?? 15_000,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      });
    this.clients = [client(ports[0]), client(ports[1])];
    this.recorder = options.recorder;
    this.doubts = options.inDoubt ?? [];
    this.writes = options.writesInFlight;
  }

  /**
   * One request: to the process given (or one at random), then to the other if the first refuses
   * the connection. No answer from either is the balancer's 502.
   */
  async once(
    kind: string,
    method: string,
    call: Call,
    first: 0 | 1 = Math.random() < 0.5 ? 0 : 1,
  ): Promise<Sent> {
    const start = performance.now();
    let answer = await this.tracked(method, first, call);
    if (refused(answer)) answer = await this.tracked(method, first === 0 ? 1 : 0, call);
    this.recorder?.record({
      kind,
      status: answer.status,
      ...(answer.error ? { error: answer.error } : {}),
      start,
      end: performance.now(),
    });
    return answer;
  }

  private async tracked(method: string, index: 0 | 1, call: Call): Promise<Sent> {
    const counted = method !== "GET" && this.writes;
    if (counted) counted.at[index] += 1;
    try {
      return { ...(await call(this.clients[index])), index };
    } finally {
      if (counted) counted.at[index] -= 1;
    }
  }

  /**
   * Until the application answers (any status below 500): while both processes refuse, again
   * after a pause that grows to two seconds; when one was sent and not answered, again to the
   * other process at once. Gives up after `giveUpMs` with the last failure.
   */
  async send(kind: string, method: string, call: Call, giveUpMs = 120_000): Promise<Sent> {
    const givingUpAt = performance.now() + giveUpMs;
    let doubt: InDoubt | undefined;
    let next: 0 | 1 | undefined;
    let pause = 200;
    for (;;) {
      const start = performance.now();
      const answer = await this.once(kind, method, call, next);
      if (!inDoubt(answer)) {
        if (doubt) doubt.settledWith = answer.status;
        return answer;
      }
      if (!refused(answer) && !doubt && method !== "GET") {
        doubt = {
          kind,
          first: answer.status === 0 ? (answer.error ?? "no answer") : String(answer.status),
          start,
          end: performance.now(),
          settledWith: 0,
        };
        this.doubts.push(doubt);
      }
      if (performance.now() > givingUpAt) return answer;
      if (refused(answer)) {
        next = undefined;
        await wait(pause);
        pause = Math.min(pause * 2, 2000);
      } else next = answer.index === 0 ? 1 : 0;
    }
  }

  /** A JSON call with a bearer token (http.ts's `json`), sent until answered. */
  json(
    kind: string,
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Sent> {
    return this.send(kind, method, (client) => client.json(kind, method, path, token, body, headers));
  }

  /** A form POST to `/token` (http.ts's `token`), sent until answered. */
  token(kind: string, fields: Record<string, string>): Promise<Sent> {
    return this.send(kind, "POST", (client) => client.token(kind, fields));
  }

  close(): void {
    for (const client of this.clients) client.close();
  }
}

/** The answer's body as JSON when its status is one of `expected`; otherwise an error that says what came. */
export function expectStatus<T>(answer: Sent, expected: number[], what: string): T {
  if (!expected.includes(answer.status)) {
    const detail = answer.status === 0 ? (answer.error ?? "no answer") : `${answer.status} ${answer.body}`;
    throw new Error(`${what}: ${detail.slice(0, 300)}`);
  }
  return JSON.parse(answer.body || "null") as T;
}
