export { ReferenceStore, REFERENCES_FOLDER } from './reference-store';
export type { ReferenceStoreOptions, StoredReference } from './reference-store';
export { referenceMigrations } from './reference-migrations';
