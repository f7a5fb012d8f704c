// The slice of electron-store the platform uses (the settings' document, the key's ciphertext, the window
// state): the core's port, so its stores are tested over a Map-backed double and main.ts hands in the real one.
export type { KeyValueStore } from '../core/settings/settings-document';
