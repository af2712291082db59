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

/**
 * Fastify's own JSON parser (which refuses `__proto__` and `constructor` poisoning), behind a
 * check of the body's nesting: one nested past `maxJsonDepth` is refused with 400 before anything
 * walks it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonNestingDepth(body as string) > maxJsonDepth) {
      done(
        new ViolationError(
          [{ propertyPath: "body", title: `This request nests more than ${maxJsonDepth} levels deep.` }],
          400,
        ),
        undefined,
      );
      return;
    }
    parse(request, body as string, done);
  });
}
