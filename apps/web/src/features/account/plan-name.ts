/**
 * A plan told apart from the others (issue 25 item 6): the person it covers and the kind of
 * funeral, "Mary Pemberton: attended funeral, cremation". Before its people are given, "Your plan".
 */
export function planName(
  covered: { firstName: string; lastName: string } | null,
  sections: readonly { key: string; answer: string }[],
): string {
  const kind = sections
    .filter((section) => section.key === "funeralAttendance" || section.key === "remains")
    .map((section) => section.answer.toLowerCase())
    .join(", ");
  const who = covered ? `${covered.firstName} ${covered.lastName}` : "Your plan";
  return kind === "" ? who : `${who}: ${kind}`;
}
