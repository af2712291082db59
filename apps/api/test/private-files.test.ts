import { chmod, mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database";
import { createDelivery } from "../src/modules/email/delivery";

// PGlite's data and the email outbox (sign-in and reset links) are for the API's own user alone.

let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "kindred-private-"));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const modeOf = async (where: string) => (await stat(where)).mode & 0o777;

/** Everything under `root` (and `root` itself) that others could open: not a 0700 folder or 0600 file. */
async function openToOthers(root: string): Promise<string[]> {
  const loose = (await modeOf(root)) === 0o700 ? [] : [`. ${(await modeOf(root)).toString(8)}`];
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const where = path.join(entry.parentPath, entry.name);
    const mode = await modeOf(where);
    if (mode !== (entry.isDirectory() ? 0o700 : 0o600)) {
      loose.push(`${path.relative(root, where)} ${mode.toString(8)}`);
    }
  }
  return loose;
}

describe("PGlite's data folder", () => {
  it("is the API user's alone, files 0600 in 0700 folders, even those an earlier run left open", async () => {
    const dataDir = path.join(folder, "pglite");
    // An earlier release's run: PGlite opened as it was, in a folder anyone could list.
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    const earlier = new PGlite(dataDir);
    await earlier.waitReady;
    await earlier.close();
    expect((await openToOthers(dataDir)).length).toBeGreaterThan(0);

    const database = await openDatabase({ kind: "pglite", dataDir });
    await database.migrate();
    await database.close();

    expect(await openToOthers(dataDir)).toEqual([]);
  });

  it("starts the API user's alone in a folder made for it", async () => {
    const dataDir = path.join(folder, "new", "pglite");
    const database = await openDatabase({ kind: "pglite", dataDir });
    await database.close();

    expect(await openToOthers(dataDir)).toEqual([]);
  });
});

describe("the email outbox", () => {
  const message = {
    from: "Kindred <hello@kindred.test>",
    to: { name: "Jane Doe", address: "jane@example.com" },
    subject: "Reset your password",
    text: "https://kindred.test/account/reset-password?token=secret",
    html: "<p>https://kindred.test/account/reset-password?token=secret</p>",
    messageId: "<reset-1@kindred.test>",
  };

  it("writes each .eml file 0600 in a 0700 folder", async () => {
    const outbox = path.join(folder, "outbox");
    await createDelivery({ OUTBOX_DIR: outbox })(message);

    expect(await readdir(outbox)).toEqual([expect.stringMatching(/_jane@example\.com_[0-9a-f]{8}\.eml$/)]);
    expect(await openToOthers(outbox)).toEqual([]);
  });

  it("closes a folder an earlier run left open", async () => {
    const outbox = path.join(folder, "outbox");
    await mkdir(outbox, { mode: 0o755 });
    await chmod(outbox, 0o755);
    await createDelivery({ OUTBOX_DIR: outbox })(message);

    expect(await openToOthers(outbox)).toEqual([]);
  });
});
