import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountHolderNameProblems,
  accountNumberEnding,
  accountNumberProblems,
  bankDetailsProblems,
  messages,
  modulusRowsFor,
  normaliseAccountNumber,
  normaliseSortCode,
  parseModulusWeightTable,
  parseSortCodeSubstitutions,
  passesModulusCheck,
  purchaseMessages,
  sortCodeProblems,
  vocalinkModulusTables,
} from "../src";

/**
 * Vocalink's own test cases ("Validating account numbers", chapter 3, "Test data and expected
 * results"): every combination of check and exception, with the answer the specification gives.
 */
const vocalinkTestCases: [number, string, string, string, boolean][] = [
  [1, "Pass modulus 10 check", "089999", "66374958", true],
  [2, "Pass modulus 11 check", "107999", "88837491", true],
  [3, "Pass modulus 11 and double alternate checks", "202959", "63748472", true],
  [4, "Exception 10 & 11 where first check passes and second check fails", "871427", "46238510", true],
  [5, "Exception 10 & 11 where first check fails and second check passes", "872427", "46238510", true],
  [6, "Exception 10 where ab=09 and g=9: first check passes, second fails", "871427", "09123496", true],
  [7, "Exception 10 where ab=99 and g=9: first check passes, second fails", "871427", "99123496", true],
  [8, "Exception 3, start of a range: as c=6 the second check is ignored", "820000", "73688637", true],
  [9, "Exception 3, end of a range: as c=9 the second check is ignored", "827999", "73988638", true],
  [10, "Exception 3: as c<>6 or 9 both checks are run and pass", "827101", "28748352", true],
  [11, "Exception 4 where the remainder is equal to the check digit", "134020", "63849203", true],
  [12, "Exception 1: 27 added to the total, passes double alternate", "118765", "64371389", true],
  [13, "Exception 6: fails the standard check but is a foreign currency account", "200915", "41011166", true],
  [14, "Exception 5 where the check passes", "938611", "07806039", true],
  [15, "Exception 5 where the check passes with substitution", "938600", "42368003", true],
  [16, "Exception 5 where both checks produce a remainder of 0 and pass", "938063", "55065200", true],
  [17, "Exception 7: passes but would fail the standard check", "772798", "99345694", true],
  [18, "Exception 8 where the check passes", "086090", "06774744", true],
  [19, "Exception 2 & 9 where the first check passes", "309070", "02355688", true],
  [20, "Exception 2 & 9: first check fails, second passes with substitution", "309070", "12345668", true],
  [21, "Exception 2 & 9 where a<>0 and g<>9 and passes", "309070", "12345677", true],
  [22, "Exception 2 & 9 where a<>0 and g=9 and passes", "309070", "99345694", true],
  [23, "Exception 5: first check digit correct, second incorrect", "938063", "15764273", false],
  [24, "Exception 5: first check digit incorrect, second correct", "938063", "15764264", false],
  [25, "Exception 5: first check digit incorrect with a remainder of 1", "938063", "15763217", false],
  [26, "Exception 1 where it fails the double alternate check", "118765", "64371388", false],
  [27, "Pass modulus 11 check and fail double alternate check", "203099", "66831036", false],
  [28, "Fail modulus 11 check and pass double alternate check", "203099", "58716970", false],
  [29, "Fail modulus 10 check", "089999", "66374959", false],
  [30, "Fail modulus 11 check", "107999", "88837493", false],
  [31, "Exception 12/13: passes modulus 11 (modulus 10 would fail)", "074456", "12345112", true],
  [32, "Exception 12/13: passes modulus 11 (modulus 10 would pass too)", "070116", "34012583", true],
  [33, "Exception 12/13: fails modulus 11 but passes modulus 10", "074456", "11104102", true],
  [34, "Exception 14: first check fails and second check passes", "180002", "00000190", true],
];

describe("Vocalink's modulus check", () => {
  it.each(vocalinkTestCases)("test case %i: %s (%s %s)", (_number, _case, sortCode, accountNumber, valid) => {
    expect(passesModulusCheck(sortCode, accountNumber)).toBe(valid);
  });

  it("passes the Direct Debit scheme's test account 20-00-00 55779911 and fails 20-00-00 12345678", () => {
    expect(passesModulusCheck("200000", "55779911")).toBe(true);
    expect(passesModulusCheck("200000", "12345678")).toBe(false);
  });

  it("takes only a = 4 to 8 with g = h as exception 6's foreign currency account", () => {
    expect(passesModulusCheck("200000", "85779911")).toBe(true);
    expect(passesModulusCheck("200000", "95779911")).toBe(false);
  });

  it("fails exception 14's second check when the eighth digit is not 0, 1 or 9", () => {
    // 00000190 passes only by exception 14's second check; with h = 2 there is no second check.
    expect(passesModulusCheck("180002", "00000192")).toBe(false);
  });

  it("presumes valid, as the specification says, a sort code that no table row covers", () => {
    expect(modulusRowsFor("999999")).toEqual([]);
    expect(passesModulusCheck("999999", "12345678")).toBe(true);
  });

  it("leaves the table as it was after a check that zeroises weights (exception 7, g = 9)", () => {
    const before = structuredClone(modulusRowsFor("772798"));

    expect(passesModulusCheck("772798", "99345694")).toBe(true);
    expect(modulusRowsFor("772798")).toEqual(before);
  });

  it("takes only a six-digit sort code and an eight-digit account number", () => {
    expect(() => passesModulusCheck("20-00-00", "55779911")).toThrow(RangeError);
    expect(() => passesModulusCheck("200000", "5577991")).toThrow(RangeError);
  });

  it("reads the bundled tables whole: every row well-formed, one or two rows for any sort code", () => {
    const { rows, substitutions } = vocalinkModulusTables();

    expect(rows.length).toBeGreaterThan(1000);
    expect(substitutions.get("938600")).toBe("938611");
    for (const row of rows) {
      expect(row.weights).toHaveLength(14);
      expect(modulusRowsFor(row.from).length).toBeLessThanOrEqual(2);
    }
  });

  it("refuses a table line that is not in Vocalink's form", () => {
    expect(() => parseModulusWeightTable("200000 200002 MOD12 0 0 0 0 0 0 0 7 6 5 4 3 2 1")).toThrow(
      /not in Vocalink's form/,
    );
    expect(() => parseModulusWeightTable("200000 200002 MOD11 0 0 0 0 0 0 0 7 6 5 4 3 2")).toThrow();
    expect(() => parseSortCodeSubstitutions("938600 93861")).toThrow();
  });
});

describe("sort codes", () => {
  it.each(["200000", "20-00-00", "20 00 00", " 20 - 00 - 00 ", "20–00–00"])(
    "reads %j as 20-00-00",
    (typed) => {
      expect(normaliseSortCode(typed)).toBe("20-00-00");
      expect(sortCodeProblems(typed)).toEqual([]);
    },
  );

  it.each([
    ["", messages.required],
    ["   ", messages.required],
    ["20-OO-00", messages.numbersOnly],
    ["20/00/00", messages.numbersOnly],
    ["20000", messages.digitCount(6)],
    ["2000000", messages.digitCount(6)],
  ])("refuses %j: %s", (typed, problem) => {
    expect(sortCodeProblems(typed)).toEqual([problem]);
    expect(normaliseSortCode(typed)).toBeNull();
  });
});

describe("account numbers", () => {
  it("reads eight digits, grouped any way", () => {
    expect(normaliseAccountNumber("55779911")).toBe("55779911");
    expect(normaliseAccountNumber("5577 9911")).toBe("55779911");
    expect(normaliseAccountNumber("5577-9911")).toBe("55779911");
  });

  it("writes six and seven digits with zeros in front, as Vocalink's rule for shorter numbers says", () => {
    expect(normaliseAccountNumber("1234567")).toBe("01234567");
    expect(normaliseAccountNumber("123456")).toBe("00123456");
    expect(accountNumberProblems("123456")).toEqual([]);
  });

  it.each([
    ["", messages.required],
    ["5577991l", messages.numbersOnly],
    ["12345", messages.digitCount(8)],
    ["123456789", messages.digitCount(8)],
    ["1234567890", messages.digitCount(8)],
  ])("refuses %j: %s", (typed, problem) => {
    expect(accountNumberProblems(typed)).toEqual([problem]);
    expect(normaliseAccountNumber(typed)).toBeNull();
  });

  it("shows again only the last four digits", () => {
    expect(accountNumberEnding("55779911")).toBe("9911");
    expect(accountNumberEnding("5577 9911")).toBe("9911");
  });
});

describe("the account holder's name", () => {
  it("follows a name's rules: required, 2 to 50 characters", () => {
    expect(accountHolderNameProblems("Margaret Hughes")).toEqual([]);
    expect(accountHolderNameProblems(" ")).toEqual([messages.required]);
    expect(accountHolderNameProblems("M")).toEqual([messages.tooShort(2)]);
    expect(accountHolderNameProblems("M".repeat(51))).toEqual([messages.tooLong(50)]);
  });
});

describe("bank details together", () => {
  it("has nothing to say about details that pass, typed any way", () => {
    expect(bankDetailsProblems({ sortCode: "20-00-00", accountNumber: "55779911" })).toEqual({});
    expect(bankDetailsProblems({ sortCode: "200000", accountNumber: "5577 9911" })).toEqual({});
  });

  it("asks the person to check both when they do not pass the modulus check", () => {
    expect(bankDetailsProblems({ sortCode: "20-00-00", accountNumber: "12345678" })).toEqual({
      accountNumber: [purchaseMessages.bankDetailsCheckFailed],
    });
  });

  it("says what to check in the person's own terms, not as something that went wrong on our side", () => {
    // Issue 25 item 7: "We could not check these bank details" read like our fault.
    expect(purchaseMessages.bankDetailsCheckFailed).toBe(
      "Check your sort code and account number. They do not match a UK bank account.",
    );
    expect(purchaseMessages.bankDetailsCheckFailed).not.toMatch(/\bwe\b|could not|sorry/i);
  });

  it("tells each field's own problem first, and runs no check until both are well-formed", () => {
    expect(bankDetailsProblems({ sortCode: "20-00", accountNumber: "" })).toEqual({
      sortCode: [messages.digitCount(6)],
      accountNumber: [messages.required],
    });
    expect(bankDetailsProblems({ sortCode: "20-00-00", accountNumber: "12-34-5x" })).toEqual({
      accountNumber: [messages.numbersOnly],
    });
  });

  it("checks a six- or seven-digit account number with its zeros in front", () => {
    // 20-00-00 01234567 fails the check; typed as seven digits it must fail the same way.
    expect(passesModulusCheck("200000", "01234567")).toBe(false);
    expect(bankDetailsProblems({ sortCode: "200000", accountNumber: "1234567" })).toEqual({
      accountNumber: [purchaseMessages.bankDetailsCheckFailed],
    });
  });

  it("agrees with the modulus check on any well-formed details (property)", () => {
    const digits = (length: number) =>
      fc
        .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
        .map((d) => d.join(""));
    fc.assert(
      fc.property(digits(6), digits(8), (sortCode, accountNumber) => {
        const problems = bankDetailsProblems({ sortCode, accountNumber });
        expect(Object.keys(problems).length === 0).toBe(passesModulusCheck(sortCode, accountNumber));
      }),
    );
  });
});
