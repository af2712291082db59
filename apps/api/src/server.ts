import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { flushErrorReports, startErrorReporting } from "./error-reporting";
import { createLifecycle } from "./lifecycle";
import { prepareDatabase } from "./startup";

async function main(): Promise<void> {
  // Whatever this process creates is its user's alone. The outbox and PGlite's folder set their
  // modes themselves (tests and tools open them without this entry point); this covers the rest.
  process.umask(0o077);
  const config = loadConfig();
  // Before the app is built, so every answer it gives can be reported. Off without SENTRY_DSN.
  startErrorReporting(config);
  const database = await prepareDatabase(config, undefined, { setUp: config.MIGRATE_ON_START });
  const lifecycle = createLifecycle();
  const app = await buildApp({ config, database, lifecycle });

  // SIGTERM (an orchestrator, a deploy) or SIGINT (Ctrl-C): /readyz answers 503 at once, so the
  // load balancer takes this process out; after SHUTDOWN_DELAY_SECONDS it stops taking
  // connections, the requests in hand finish, then the job queue (onClose) and the pool close.
  let endDelay: (() => void) | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    lifecycle.startDraining();
    const delaySeconds = config.SHUTDOWN_DELAY_SECONDS;
    app.log.info({ signal, delaySeconds }, "draining: /readyz answers 503");
    if (delaySeconds > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delaySeconds * 1000);
        endDelay = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    app.log.info("taking no more connections; finishing the requests in hand");
    await app.close();
    await database.close();
    app.log.info("stopped");
    await flushErrorReports();
  };
  const onSignal = (signal: string) => {
    // A second signal cuts the wait short; the requests in hand still finish.
    if (stopping) return endDelay?.();
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "the API did not stop cleanly");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

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
