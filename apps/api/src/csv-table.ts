import { readFile } from "node:fs/promises";

/**
 * The CSV tables bundled in the content folder (`uk-outcodes.csv`, `uk-post-towns.csv`): product
 * data that changes only with a release, so each process reads and parses each file once.
 * Plain comma-separated cells, no quoting: the files are ours and hold none.
 */

/** One line after the header: its cells, trimmed, and its line number in the file (from 1). */
interface CsvRow {
  cells: string[];
  line: number;
}

/** The rows after the header, blank lines left out; a file with another first line is refused. */
export function csvRows(csv: string, source: string, header: string): CsvRow[] {
  const lines = csv.split(/\r?\n/);
  if (lines[0]?.trim() !== header) throw new Error(`${source}: the first line must be ${header}`);
  return lines
    .map((text, index) => ({ text, line: index + 1 }))
    .slice(1)
    .filter(({ text }) => text.trim() !== "")
    .map(({ text, line }) => ({ cells: text.split(",").map((cell) => cell.trim()), line }));
}

/**
 * Reads a file with `parse` at most once per process: every caller asking for the same file gets
 * the same promise. A failed read or parse is not remembered, so the next caller tries again.
 */
export function loadOnce<Table>(
  parse: (text: string, file: string) => Table,
): (file: string) => Promise<Table> {
  const loaded = new Map<string, Promise<Table>>();
  return (file) => {
    let table = loaded.get(file);
    if (!table) {
      table = readFile(file, "utf8").then((text) => parse(text, file));
      table.catch(() => loaded.delete(file));
      loaded.set(file, table);
    }
    return table;
  };
}
