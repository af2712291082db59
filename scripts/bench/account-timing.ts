// `npm run bench:account-timing`: how long registering and asking for a reset link take for an
// address with an account and for one without (issue 12 fault 6: the same answer and the same
// time for both, so a stranger cannot learn who has an account with us). The API runs in its own
// process, as `npm start` runs it (PGlite, or PostgreSQL with DATABASE_URL); the two kinds of
// request are interleaved so a slow patch of the machine falls on both.

import { startBenchApi } from "./bench-api";

const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
const password = "Quiet-Harbour7";

const api = await startBenchApi();
const { base } = api;

let visitor = 0;
/** Each request from its own (forwarded) address, so the per-address limits never answer instead. */
function nextAddress(): string {
  visitor += 1;
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
}

/** Milliseconds from sending to the whole answer, and the answer. */
async function timed(token: string, url: string, body: unknown): Promise<{ ms: number; answer: string }> {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "x-forwarded-for": nextAddress(),
    },
    body: JSON.stringify(body),
  });
  const answer = `${response.status} ${await response.text()}`;
  return { ms: performance.now() - started, answer };
}

const registration = (email: string) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email,
  confirmEmail: email,
  password,
  passwordRepeat: password,
});

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

try {
  const token = await api.visitorToken(nextAddress());
  // Accounts that exist: one per round, so no account reaches its own reset limit.
  const known = Array.from({ length: rounds }, (_, index) => `known.${index}.${Date.now()}@example.com`);
  for (const email of known) {
    const made = await timed(token, "/api/account/register", registration(email));
    if (!made.answer.startsWith("202")) throw new Error(`Could not make an account: ${made.answer}`);
  }

  const times = {
    registerKnown: [] as number[],
    registerNew: [] as number[],
    resetKnown: [] as number[],
    resetUnknown: [] as number[],
  };
  const answers = new Map<string, Set<string>>();
  const note = (kind: string, answer: string) =>
    answers.set(kind, (answers.get(kind) ?? new Set()).add(answer));
  for (let round = 0; round < rounds; round += 1) {
    const fresh = `new.${round}.${Date.now()}@example.com`;
    const pairs: [keyof typeof times, string, unknown][] = [
      ["registerKnown", "/api/account/register", registration(known[round]!)],
      ["registerNew", "/api/account/register", registration(fresh)],
      ["resetKnown", "/api/account/forgot-password", { email: known[round] }],
      ["resetUnknown", "/api/account/forgot-password", { email: `nobody.${fresh}` }],
    ];
    // Alternate which goes first, so neither kind always meets a warmer cache.
    for (const [kind, url, body] of round % 2 === 0 ? pairs : [...pairs].reverse()) {
      const { ms, answer } = await timed(token, url, body);
      times[kind].push(ms);
      note(kind.startsWith("register") ? "register" : "reset", answer);
    }
  }

  console.log(
    `\nAccount requests, ${rounds} of each, one at a time, Node ${process.version}, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}\n`,
  );
  console.log("                                  median     p90");
  const row = (label: string, values: number[]) =>
    console.log(
      `${label.padEnd(34)}${quantile(values, 0.5).toFixed(1).padStart(6)} ms${quantile(values, 0.9).toFixed(1).padStart(7)} ms`,
    );
  row("register, address has an account", times.registerKnown);
  row("register, new address", times.registerNew);
  row("reset link, address has an account", times.resetKnown);
  row("reset link, no account", times.resetUnknown);
  for (const [kind, seen] of answers) {
    console.log(`${kind}: ${seen.size === 1 ? "one answer for both" : `${seen.size} different answers`}`);
  }
} finally {
  await api.stop();
}
