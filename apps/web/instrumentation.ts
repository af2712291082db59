/**
 * Runs once when the Next.js server starts, before it answers any request: a bad setting stops
 * `next start` here with a message naming it, instead of failing on some later request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkServerConfigOrExit } = await import("./src/lib/server-config.server");
  checkServerConfigOrExit();
}
