/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped, so no text in it can close
 * the script element early.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * schema.org structured data for search engines, as Next.js recommends: a JSON script in the page.
 * The Content-Security-Policy allows it without a nonce: a browser never runs a JSON script.
 */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
