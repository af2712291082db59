/** "Mrs Margaret Hughes": a person's title (unless "Other") and name. */
export function personName(person: { title?: unknown; firstName: string; lastName: string }): string {
  const title = typeof person.title === "string" && person.title !== "Other" ? `${person.title} ` : "";
  return `${title}${person.firstName} ${person.lastName}`;
}
