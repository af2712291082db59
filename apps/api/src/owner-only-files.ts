import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * What the API keeps on disk itself (PGlite's data, the email outbox with its sign-in and reset
 * links) is for the user it runs as alone: its folders 0700, its files 0600.
 */
export const ownerOnlyFolderMode = 0o700;
export const ownerOnlyFileMode = 0o600;

/**
 * Makes `folder` (created if missing) and everything already in it the owner's alone, for a folder
 * another library writes with modes of its own. Symbolic links are left as they are: chmod would
 * follow them out of the folder.
 */
export function keepToOwner(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: ownerOnlyFolderMode });
  chmodSync(folder, ownerOnlyFolderMode);
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const where = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(where, ownerOnlyFolderMode);
    else if (entry.isFile()) chmodSync(where, ownerOnlyFileMode);
  }
}
