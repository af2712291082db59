import type { FastifyInstance } from "fastify";
import { ViolationError } from "./error-handler";

/**
 * How deep a JSON body may nest. The contracts' deepest body nests a handful of levels; a body
 * nested thousands deep is no request a person's browser sends, and walking it (the check for
 * text that cannot be stored, the schemas) would exhaust the stack and answer 500.
 */
const maxJsonDepth = 32;

/** How deep `text` nests its arrays and objects, counted without recursion; stops past `limit`. */
function jsonNestingDepth(text: string, limit = maxJsonDepth): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === "\\") index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (character === "{" || character === "[") {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (character === "}" || character === "]") {
      depth -= 1;
    }
  }
  return deepest;
}

/** The charset a Content-Type names (`application/json; charset=latin1`), lower-cased, if any. */
function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1]?.toLowerCase();
}

/** UTF-8, as JSON must be (RFC 8259 section 8.1): a byte sequence that is not UTF-8 is refused, not replaced. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

const notUtf8Json = () =>
  new ViolationError([{ propertyPath: "body", title: "Send the body as JSON in UTF-8." }], 415);

/**
 * Fastify's own JSON parser (which refuses `__proto__` and `constructor` poisoning), behind two
 * checks: the body is UTF-8 (a charset other than UTF-8 named, or bytes that are not UTF-8, is
 * refused with 415, not read with its characters replaced), and one nested past `maxJsonDepth`
 * is refused with 400 before anything walks it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, bytes, done) => {
    const charset = charsetOf(request.headers["content-type"]);
    if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
      done(notUtf8Json(), undefined);
      return;
    }
    let body: string;
    try {
      body = utf8.decode(bytes as Buffer);
    } catch {
      done(notUtf8Json(), undefined);
      return;
    }
    if (jsonNestingDepth(body) > maxJsonDepth) {
      done(
        new ViolationError(
          [{ propertyPath: "body", title: `This request nests more than ${maxJsonDepth} levels deep.` }],
          400,
        ),
        undefined,
      );
      return;
    }
    parse(request, body, done);
  });
}
