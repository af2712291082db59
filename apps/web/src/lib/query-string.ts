/** A page's query string as Next.js gives it to a route. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** One value of a query parameter: the first when it is repeated, "" when it is missing. */
export function firstQueryValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}
