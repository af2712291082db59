import { watch } from "node:fs";
import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { outboxRecipientPart } from "../../src/modules/email/delivery";

/** One `.eml` file from the outbox, as a person would read it. */
export interface OutboxMessage {
  file: string;
  subject: string;
  /** The recipient's address, without their name. */
  to: string;
  from: string;
  /** The same for every attempt at one queued email. */
  messageId: string;
  text: string;
  html: string;
  /** The MIME type of every leaf part, in order. */
  partTypes: string[];
  /** Every attached file, as its bytes. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const separator = raw.indexOf("\n\n");
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? "" : raw.slice(separator + 2);
  const headers = new Map<string, string>();
  // Folded header lines start with white space and continue the previous one.
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(input: string): Buffer {
  const text = input.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(text[index] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes);
}

function decodeBytes(part: MimePart): Buffer {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return Buffer.from(part.body, "utf8");
}

function decodeBody(part: MimePart): string {
  return decodeBytes(part).toString("utf8");
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words in a header (RFC 2047). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );
}

/** Every leaf part of a (possibly nested) multipart message. */
function leafParts(part: MimePart): MimePart[] {
  const contentType = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith("multipart/") || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .map((chunk) => splitPart(chunk.replace(/^\n/, "").replace(/\n$/, "")))
    .flatMap(leafParts);
}

/** A minimal MIME reader for the messages nodemailer writes: headers, text and HTML parts. */
export function parseEml(file: string, raw: string): OutboxMessage {
  const message = splitPart(raw.replace(/\r\n/g, "\n"));
  const parts = leafParts(message);
  const typeOf = (part: MimePart) =>
    (part.headers.get("content-type") ?? "text/plain").split(";")[0]?.trim().toLowerCase() ?? "";
  const textPart = parts.find((part) => typeOf(part) === "text/plain");
  const htmlPart = parts.find((part) => typeOf(part) === "text/html");
  const to = decodeHeader(message.headers.get("to") ?? "");
  return {
    file,
    subject: decodeHeader(message.headers.get("subject") ?? ""),
    // The address is the last <…>: a display name may hold angle brackets of its own.
    to: [...to.matchAll(/<([^<>]+)>/g)].pop()?.[1] ?? to,
    from: decodeHeader(message.headers.get("from") ?? ""),
    messageId: message.headers.get("message-id") ?? "",
    text: textPart ? decodeBody(textPart) : "",
    html: htmlPart ? decodeBody(htmlPart) : "",
    partTypes: parts.map(typeOf),
    attachments: parts
      .filter((part) =>
        (part.headers.get("content-disposition") ?? "").toLowerCase().startsWith("attachment"),
      )
      .map((part) => ({
        filename: decodeHeader(
          /filename="?([^";]+)"?/i.exec(part.headers.get("content-disposition") ?? "")?.[1] ?? "",
        ),
        contentType: typeOf(part),
        content: decodeBytes(part),
      })),
  };
}

/** The `.eml` files in the folder whose names pass `wanted`, oldest first (the names start with the time). */
async function emlFiles(folder: string, wanted: (name: string) => boolean = () => true): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => name.endsWith(".eml") && wanted(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Every message in the folder, oldest first. */
export async function readOutboxFolder(folder: string): Promise<OutboxMessage[]> {
  return Promise.all(
    (await emlFiles(folder)).map(async (file) =>
      parseEml(file, await readFile(path.join(folder, file), "utf8")),
    ),
  );
}

/** Messages already read, by path: a message file never changes once it is in the outbox. */
const readBefore = new Map<string, OutboxMessage>();

/** The messages to one address, oldest first; only their files are read, each once. */
async function messagesTo(folder: string, recipient: string): Promise<OutboxMessage[]> {
  const part = outboxRecipientPart(recipient);
  const files = await emlFiles(folder, (name) => name.includes(part));
  return Promise.all(
    files.map(async (file) => {
      const where = path.join(folder, file);
      const message = readBefore.get(where) ?? parseEml(file, await readFile(where, "utf8"));
      readBefore.set(where, message);
      return message;
    }),
  );
}

/**
 * The newest message to `recipient` whose subject matches, waiting for it as a person waits for
 * their inbox: the folder is looked at again each time a file arrives in it, and the wait fails
 * after `timeoutMilliseconds` with no such message.
 */
export async function waitForEmailTo(
  folder: string,
  recipient: string,
  subject: RegExp,
  timeoutMilliseconds = 10_000,
): Promise<OutboxMessage> {
  const newest = async () =>
    (await messagesTo(folder, recipient))
      .filter((message) => message.to === recipient && subject.test(message.subject))
      .at(-1);
  await mkdir(folder, { recursive: true });
  return new Promise((resolve, reject) => {
    let looking = Promise.resolve();
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      watcher.close();
      outcome();
    };
    // Looks are made one after another, so a burst of arrivals cannot overlap them.
    const look = () => {
      looking = looking
        .then(newest)
        .then((found) => found && finish(() => resolve(found)))
        .catch((error: unknown) => finish(() => reject(error as Error)));
    };
    const watcher = watch(folder, look);
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new Error(
              `No email to ${recipient} with a subject like ${subject} within ${timeoutMilliseconds} ms`,
            ),
          ),
        ),
      timeoutMilliseconds,
    );
    look();
  });
}
