import { describe, expect, it } from "vitest";
import {
  ageOn,
  dateOfBirthIso,
  dateOfBirthProblems,
  isPostedDocumentFormat,
  messages,
  nameProblems,
  personName,
  phoneProblems,
  postedDocumentsMessage,
  relationshipInSentence,
  supportPhone,
  ukToday,
} from "../src";

const today = "2026-11-23";
const adult = { today, minimumAge: 18, tooYoung: messages.payerTooYoung };

describe("date of birth", () => {
  it("pads day and month into an ISO date", () => {
    expect(dateOfBirthIso({ day: "7", month: "3", year: "1948" })).toBe("1948-03-07");
    expect(dateOfBirthIso({ day: "7", month: "", year: "1948" })).toBe("1948-01-07");
  });

  it("refuses 31 February and 29 February outside a leap year, on the day field", () => {
    expect(dateOfBirthProblems({ day: "31", month: "02", year: "1950" }, { today })).toEqual({
      day: [messages.notARealDate],
    });
    expect(dateOfBirthProblems({ day: "29", month: "02", year: "1951" }, { today })).toEqual({
      day: [messages.notARealDate],
    });
    expect(dateOfBirthProblems({ day: "29", month: "02", year: "1952" }, { today })).toEqual({});
  });

  it("keeps SPEC's bounds: day 1 to 31, year from 1900", () => {
    expect(dateOfBirthProblems({ day: "32", month: "01", year: "1899" }, { today })).toEqual({
      day: [messages.atMost(31)],
      year: [messages.atLeast(1900)],
    });
    expect(dateOfBirthProblems({ day: "1.5", month: "", year: "abc" }, { today })).toEqual({
      day: [messages.noDecimalPoint],
      month: [messages.required],
      year: [messages.notANumber],
    });
  });

  it("must be in the past", () => {
    expect(dateOfBirthProblems({ day: "23", month: "11", year: "2026" }, { today })).toEqual({
      year: [messages.dateOfBirthInFuture],
    });
  });

  it("counts birthdays: 18 on the day, 17 the day before", () => {
    expect(ageOn("2008-11-23", today)).toBe(18);
    expect(ageOn("2008-11-24", today)).toBe(17);
    expect(dateOfBirthProblems({ day: "23", month: "11", year: "2008" }, adult)).toEqual({});
    expect(dateOfBirthProblems({ day: "24", month: "11", year: "2008" }, adult)).toEqual({
      year: [messages.payerTooYoung],
    });
  });

  it("judges today on UK days", () => {
    expect(ukToday(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });
});

describe("names", () => {
  it("keeps real names: hyphens, apostrophes, full stops, accents and spaces", () => {
    for (const name of [
      "Anne-Marie",
      "O'Brien",
      "Zoë St. John",
      "Nguyễn Văn An",
      "D'Souza-Ó Briain",
      "J. R.",
    ]) {
      expect(nameProblems(name), name).toEqual([]);
    }
  });

  it("refuses a link, a line break or angle brackets, which a stranger could have us write into an email", () => {
    for (const name of [
      "Visit https://evil.example/refund",
      "www.evil.example",
      "refunds.com",
      "Price\r\nBcc: x@y.example",
      '"<x@y.example>"',
      "Price\u202e",
    ]) {
      expect(nameProblems(name), name).toEqual([messages.nameNotAName]);
    }
  });
});

describe("phone numbers", () => {
  it("takes UK numbers with spaces, and says what is wrong otherwise", () => {
    expect(phoneProblems("01632 960 001")).toEqual([]);
    expect(phoneProblems("07700900982")).toEqual([]);
    expect(phoneProblems("+44 7700 900982")).toEqual([messages.numbersOnly]);
    expect(phoneProblems("12345")).toEqual([messages.notAUkPhoneNumber]);
    expect(phoneProblems(" ")).toEqual([messages.required]);
  });
});

describe("how documents name a person", () => {
  it("gives the title and name, with the person's own words when the title is Other", () => {
    const margaret = { title: "Mrs", titleText: "", firstName: "Margaret", lastName: "Hughes" };
    expect(personName(margaret)).toBe("Mrs Margaret Hughes");
    expect(personName({ ...margaret, title: "Mrs", titleText: "Lady" })).toBe("Mrs Margaret Hughes");
    expect(personName({ ...margaret, title: "Other", titleText: " Revd " })).toBe("Revd Margaret Hughes");
    expect(personName({ ...margaret, title: "Other", titleText: "" })).toBe("Margaret Hughes");
  });

  it("puts a plain relationship in lower case to follow 'for your', and gives none for words that would not", () => {
    expect(relationshipInSentence("Mother")).toBe("mother");
    expect(relationshipInSentence("Mother-in-law")).toBe("mother-in-law");
    expect(relationshipInSentence("Close friend")).toBe("close friend");
    // The form suggests "my mother": never "for your my mother".
    expect(relationshipInSentence("my mother")).toBe("mother");
    expect(relationshipInSentence("  My husband ")).toBe("husband");
    expect(relationshipInSentence("a friend")).toBeNull();
    expect(relationshipInSentence("Aunt Mary")).toBeNull();
    expect(relationshipInSentence("John's wife")).toBeNull();
  });
});

describe("documents posted in braille or on audio CD", () => {
  it("says what happens next, in the format's own words, with our phone number", () => {
    expect(isPostedDocumentFormat("braille")).toBe(true);
    expect(isPostedDocumentFormat("audio_cd")).toBe(true);
    expect(isPostedDocumentFormat("large_print")).toBe(false);
    expect(postedDocumentsMessage("braille")).toBe(
      `You asked for your documents in braille. We will post them to you within 10 working days of your purchase. You can read them here in the meantime, or call us free on ${supportPhone.display} if you need them sooner.`,
    );
    expect(postedDocumentsMessage("audio_cd")).toMatch(/^You asked for your documents on audio CD\. /);
  });
});
