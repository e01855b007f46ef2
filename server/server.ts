import { ConfigError, loadConfig } from './config';
import { createServer } from './start';
import { DataDirBusyError } from './db/dataDirLock';
import { KeyFileError } from './auth/keys';

// Boots the one process: console, API, OAuth and calendar feed on one port.
async function main() {
  const config = loadConfig();
  const started = Date.now();
  const server = await createServer(config);
  const { app } = server;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { ms: Date.now() - started, database: server.database.kind },
    `Yadoban is ready at http://localhost:${config.PORT} on ${server.opened.where}`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirBusyError || err instanceof KeyFileError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
