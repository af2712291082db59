import { once } from "node:events";
import { createServer, type AddressInfo, type Socket } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A held answer: the message has arrived, and the server answers once it is released. */
export interface HeldMessage {
  arrived: Promise<void>;
  release(): void;
}

/**
 * The smallest SMTP server nodemailer will talk to (no TLS, no authentication), on 127.0.0.1:
 * enough to see what the API hands to a real mail server. It can refuse messages as a busy
 * server does (a temporary failure that quotes the recipient, as real servers' replies do), and
 * hold its answer to one, to see what happens while a message is being sent.
 */
export async function startFakeSmtpServer() {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let attempts = 0;
  let refusals = 0;
  let held: { arrived: () => void; released: Promise<void> } | null = null;

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffer = "";
    let inData = false;
    let refusing = false;
    let mail: ReceivedMail = { from: "", to: [], data: "" };

    async function answerData(complete: ReceivedMail) {
      const hold = held;
      held = null;
      if (hold) {
        hold.arrived();
        await hold.released;
      }
      received.push(complete);
      socket.write("250 queued\r\n");
    }

    socket.write("220 fake-smtp ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          void answerData(mail);
          mail = { from: "", to: [], data: "" };
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") socket.write("250 fake-smtp\r\n");
        else if (command === "MAIL") {
          attempts += 1;
          refusing = refusals > 0;
          if (refusing) refusals -= 1;
          mail = { from: /<([^>]*)>/.exec(line)?.[1] ?? "", to: [], data: "" };
          socket.write("250 ok\r\n");
        } else if (command === "RCPT") {
          const recipient = /<([^>]*)>/.exec(line)?.[1] ?? "";
          if (refusing) {
            socket.write(
              `450 4.2.0 <${recipient}>: Recipient address rejected: mailbox busy, try again later\r\n`,
            );
          } else {
            mail.to.push(recipient);
            socket.write("250 ok\r\n");
          }
        } else if (command === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (command === "QUIT") {
          socket.end("221 bye\r\n");
          return;
        } else socket.write("250 ok\r\n");
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Messages the server took, oldest first. */
    received,
    /** How many messages were offered (taken or refused). */
    get attempts() {
      return attempts;
    },
    /** Refuses the next `count` messages offered. */
    refuseNext(count: number) {
      refusals = count;
    },
    /** Holds the answer to the next message that arrives until it is released. */
    holdNext(): HeldMessage {
      let arrived = () => {};
      let release = () => {};
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held = { arrived, released };
      return { arrived: arrival, release };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

export type FakeSmtpServer = Awaited<ReturnType<typeof startFakeSmtpServer>>;
