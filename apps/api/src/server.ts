import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { flushErrorReports, startErrorReporting } from "./error-reporting";
import { prepareDatabase } from "./startup";

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the app is built, so every answer it gives can be reported. Off without SENTRY_DSN.
  startErrorReporting(config);
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping");
    await app.close();
    await database.close();
    await flushErrorReports();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ host: config.API_HOST, port: config.API_PORT });
  app.log.info({ database: database.engine }, `API ready on http://${config.API_HOST}:${config.API_PORT}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The API could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
