import { scsubtabText, valacdosText } from "./generated/vocalink-modulus-tables";

/**
 * Vocalink's modulus check of a UK sort code and account number ("Validating account numbers",
 * the standard, double alternate and exceptions 1 to 14), over the published tables vendored in
 * content/vocalink/ (docs/decisions/015-bank-details-and-working-days.md says which edition and
 * why we keep our own). A pass means the account number could exist at that sort code, not that
 * it does: only the bank knows that.
 */

type ModulusMethod = "MOD10" | "MOD11" | "DBLAL";

/** One line of the modulus weight table: a sort code range, the check to run, its weights. */
export interface ModulusWeightRow {
  /** First and last sort code of the range, six digits each. */
  from: string;
  to: string;
  method: ModulusMethod;
  /** Fourteen weights, for the sort code's six digits u-z then the account number's eight a-h. */
  weights: readonly number[];
  /** Vocalink's exception number (1 to 14), or null. */
  exception: number | null;
}

export interface ModulusTables {
  rows: readonly ModulusWeightRow[];
  /** Exception 5's sort code substitutions (scsubtab.txt): original sort code to the one checked. */
  substitutions: ReadonlyMap<string, string>;
}

const methods: readonly string[] = ["MOD10", "MOD11", "DBLAL"];

/** valacdos.txt: `from to method` then fourteen weights, then the exception when there is one. */
export function parseModulusWeightTable(text: string): ModulusWeightRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line, index) => {
      const [from = "", to = "", method = "", ...rest] = line.split(/\s+/);
      const numbers = rest.map(Number);
      const exception = numbers.length === 15 ? numbers[14]! : null;
      const weights = numbers.slice(0, 14);
      const wellFormed =
        /^\d{6}$/.test(from) &&
        /^\d{6}$/.test(to) &&
        from <= to &&
        methods.includes(method) &&
        (numbers.length === 14 || numbers.length === 15) &&
        numbers.every(Number.isInteger) &&
        (exception === null || (exception >= 1 && exception <= 14));
      if (!wellFormed)
        throw new Error(`Modulus weight table line ${index + 1} is not in Vocalink's form: ${line}`);
      return { from, to, method: method as ModulusMethod, weights, exception };
    });
}

/** scsubtab.txt: `original substitute`, six digits each, one pair a line. */
export function parseSortCodeSubstitutions(text: string): Map<string, string> {
  const substitutions = new Map<string, string>();
  for (const line of text.split(/\r?\n/).map((each) => each.trim())) {
    if (line === "") continue;
    const match = /^(\d{6})\s+(\d{6})$/.exec(line);
    if (!match) throw new Error(`Sort code substitution line is not in Vocalink's form: ${line}`);
    substitutions.set(match[1]!, match[2]!);
  }
  return substitutions;
}

let bundledTables: ModulusTables | undefined;

/** The bundled Vocalink tables, read once on first use. */
export function vocalinkModulusTables(): ModulusTables {
  bundledTables ??= {
    rows: parseModulusWeightTable(valacdosText),
    substitutions: parseSortCodeSubstitutions(scsubtabText),
  };
  return bundledTables;
}

/** The rows for a sort code, in the table's order: none (it cannot be checked), one or two. */
export function modulusRowsFor(sortCode: string, tables: ModulusTables = vocalinkModulusTables()) {
  return tables.rows.filter((row) => row.from <= sortCode && sortCode <= row.to);
}

// Positions in the 14 digits of sort code and account number, as Vocalink names them.
const [a, b, c, g, h] = [6, 7, 8, 12, 13] as const;

/** Exception 2, a <> 0: Lloyds euro accounts, weighted as the specification gives. */
const exception2Weights = [0, 0, 1, 2, 5, 3, 6, 4, 8, 7, 10, 9, 3, 1];
const exception2WeightsWhenGIs9 = [0, 0, 0, 0, 0, 0, 0, 0, 8, 7, 10, 9, 3, 1];

/** With these exceptions on the first check, one passing check of two is enough (2 & 9, 10 & 11, 12 & 13). */
const eitherCheckSuffices = new Set([2, 9, 10, 11, 12, 13]);

function digitSum(value: number): number {
  let rest = Math.abs(value);
  let sum = 0;
  while (rest > 0) {
    sum += rest % 10;
    rest = Math.floor(rest / 10);
  }
  return Math.sign(value) * sum;
}

/** The sort code a check is run with: exceptions 5, 8 and 9 put another in its place. */
function sortCodeForCheck(row: ModulusWeightRow, sortCode: string, tables: ModulusTables): string {
  if (row.exception === 5) return tables.substitutions.get(sortCode) ?? sortCode;
  if (row.exception === 8) return "090126";
  if (row.exception === 9) return "309634";
  return sortCode;
}

function weightsForCheck(row: ModulusWeightRow, digits: readonly number[]): readonly number[] {
  if (row.exception === 2 && digits[a] !== 0) {
    return digits[g] === 9 ? exception2WeightsWhenGIs9 : exception2Weights;
  }
  const ab = `${digits[a]}${digits[b]}`;
  const zeroiseUToB =
    (row.exception === 7 && digits[g] === 9) ||
    (row.exception === 10 && (ab === "09" || ab === "99") && digits[g] === 9);
  return zeroiseUToB ? row.weights.map((weight, index) => (index <= b ? 0 : weight)) : row.weights;
}

/** One line's check, with its exception, on the account number as given (eight digits). */
function passesCheck(row: ModulusWeightRow, sortCode: string, accountNumber: string, tables: ModulusTables) {
  const account = [...`000000${accountNumber}`].map(Number);
  // Exception 3: with c = 6 or 9 the double alternate check is not needed.
  if (row.exception === 3 && (account[c] === 6 || account[c] === 9)) return true;
  // Exception 6: a = 4 to 8 with g = h is a foreign currency account, which cannot be checked.
  if (row.exception === 6 && account[a]! >= 4 && account[a]! <= 8 && account[g] === account[h]) return true;

  const digits = [...(sortCodeForCheck(row, sortCode, tables) + accountNumber)].map(Number);
  const weights = weightsForCheck(row, digits);
  let total = digits.reduce((sum, digit, index) => {
    const product = digit * weights[index]!;
    return sum + (row.method === "DBLAL" ? digitSum(product) : product);
  }, 0);
  // Exception 1: as if the institution number 580149 came first, doubled alternately too.
  if (row.exception === 1) total += 27;
  const modulus = row.method === "MOD11" ? 11 : 10;
  const remainder = ((total % modulus) + modulus) % modulus;

  // Exception 4: the remainder is the two-digit check code gh.
  if (row.exception === 4) return remainder === digits[g]! * 10 + digits[h]!;
  // Exception 5: the standard check's check digit is g, the double alternate's h.
  if (row.exception === 5) {
    if (row.method === "DBLAL") return remainder === 0 ? digits[h] === 0 : 10 - remainder === digits[h];
    if (remainder === 1) return false;
    return remainder === 0 ? digits[g] === 0 : 11 - remainder === digits[g];
  }
  return remainder === 0;
}

/**
 * Whether an account number could belong to a sort code, by Vocalink's modulus check. Takes the
 * sort code as six digits and the account number as eight (see `normaliseSortCode` and
 * `normaliseAccountNumber`). A sort code the table does not cover cannot be checked and, as the
 * specification says, is presumed valid.
 */
export function passesModulusCheck(
  sortCode: string,
  accountNumber: string,
  tables: ModulusTables = vocalinkModulusTables(),
): boolean {
  if (!/^\d{6}$/.test(sortCode) || !/^\d{8}$/.test(accountNumber)) {
    throw new RangeError("The modulus check takes a six-digit sort code and an eight-digit account number");
  }
  const [first, second] = modulusRowsFor(sortCode, tables);
  if (!first) return true;

  if (passesCheck(first, sortCode, accountNumber, tables)) {
    return !second || eitherCheckSuffices.has(first.exception ?? 0)
      ? true
      : passesCheck(second, sortCode, accountNumber, tables);
  }
  // Exception 14 (Coutts): with h = 0, 1 or 9, drop h, put a 0 in front and check again.
  if (first.exception === 14) {
    return ["0", "1", "9"].includes(accountNumber[7]!)
      ? passesCheck(first, sortCode, `0${accountNumber.slice(0, 7)}`, tables)
      : false;
  }
  return second !== undefined && eitherCheckSuffices.has(first.exception ?? 0)
    ? passesCheck(second, sortCode, accountNumber, tables)
    : false;
}
