/** Reads the config, opens the database, seeds demo data if empty, and listens. */
import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { FolderLockedError } from './db/folder-lock';
import { seedDemo } from './db/seed';
import { sealLegacyTotpSecrets } from './modules/account/two-factor';
import { createAuthService } from './modules/auth/service';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  const app = await buildApp({ config, database });
  // Processes starting together take turns: one creates the admin and the demo data.
  await database.exclusive(async () => {
    await createAuthService(app.ctx).ensureAdmin(app.log);
    await sealLegacyTotpSecrets(app.ctx.db, config.totpKey);
    // Photos stored before the uploads table existed (or copied in by hand) are registered.
    await app.ctx.uploads.backfill();
    if (config.seedDemo) await seedDemo(app.ctx, app.log);
  });

  /**
   * Stop like a service: stop accepting, close sockets with 1001 "going away" so
   * clients reconnect to another process, let in-flight requests finish, and exit — within
   * SHUTDOWN_TIMEOUT_MS even if something hangs.
   */
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, deadlineMs: config.shutdownTimeoutMs }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error('shutdown deadline passed; exiting with work still open');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    try {
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
    clearTimeout(deadline);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Bitaqa is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL server'})`,
  );
}

main().catch((err) => {
  // A second process on the same embedded folder: say what to do, not a stack trace.
  console.error(err instanceof FolderLockedError ? err.message : err);
  process.exit(1);
});
