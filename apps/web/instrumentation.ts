/**
 * Runs once when the Next.js server starts, before it answers any request: a bad setting stops
 * `next start` here with a message naming it, instead of failing on some later request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getServerConfig, ServerConfigError } = await import("./src/lib/server-config.server");
  try {
    getServerConfig();
  } catch (error) {
    if (error instanceof ServerConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
