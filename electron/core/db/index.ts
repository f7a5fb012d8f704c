export { openDatabase, runMigrations, transaction } from './database';
export type { DatabaseSync, Migration, OpenDatabaseOptions } from './database';
