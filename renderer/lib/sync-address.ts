// Settings › Sync's address, here so a feature can link to it (the library's empty state offers Restore from
// remote there) without reaching into the app shell; app/routes.ts re-exports it beside the other routes.
export const SYNC_ROUTE = '/settings/sync';
