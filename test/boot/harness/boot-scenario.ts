// What the boot test hands the booted process (as JSON in BOOT_SCENARIO) and what that process reports back (a
// JSON file). Shared by the test (test/boot/boot-app.ts) and the harness that runs inside the booted process.

/** How the fake keychain behaves: a working OS keyring, Linux's no-keyring fallback, or none at all. */
export type SafeStorageMode = 'keyring' | 'basic_text' | 'unavailable';

export interface BootScenario {
  /** The built main bundle to run, as Electron would: the `main` of the app's package.json. */
  mainFile: string;
  appPath: string;
  resourcesPath: string;
  isPackaged: boolean;
  userData: string;
  /** Where the harness writes its BootReport. */
  reportFile: string;
  safeStorage: SafeStorageMode;
  /** Switch to the demo gateway through the bridge and ask it for the balance. */
  demo: boolean;
  /** Save this API key through the bridge (secrets.setKey). */
  setKey?: string;
  /**
   * With the demo: drive the desktop-only paths (drag out, export to a folder, delete to the OS trash and Undo,
   * a notification when a task ends). The fake's folder picker answers `exportFolder`; its OS trash is
   * `trashFolder`, where shell.trashItem really moves the file.
   */
  desktop?: { exportFolder: string; trashFolder: string };
}

/** One bridge answer as trpc-electron sends it back over IPC. */
export interface BridgeReply {
  id: number;
  result?: { type: string; data?: unknown };
  error?: { message: string; code: number; data?: { code?: string } };
}

export interface MediaAnswer {
  status: number;
  contentType: string | null;
  bytes: number;
}

export interface BootReport {
  nodeVersion: string;
  /** Every fake Electron call main made, in order ("protocol.registerSchemesAsPrivileged before ready", ...). */
  calls: string[];
  /** Members main (or a library) read that the fake does not have. Must stay empty. */
  unknownMembers: string[];
  privilegedSchemes: { scheme: string; privileges: Record<string, boolean> }[];
  window: {
    options: Record<string, unknown> & { webPreferences?: Record<string, unknown> };
    loadedFile: string | null;
    shownOnReadyToShow: boolean;
    focusedOnSecondInstance: boolean;
    windowOpenDenied: boolean;
    foreignNavigationPrevented: boolean;
  } | null;
  preload: { ran: boolean; error: string | null; exposed: string[]; required: string[] };
  bridge: {
    status?: BridgeReply;
    fromOtherSender?: BridgeReply;
    fromSubframe?: BridgeReply;
    useDemo?: BridgeReply;
    balance?: BridgeReply;
    speech?: BridgeReply;
    setKey?: BridgeReply;
    statusAfterKey?: BridgeReply;
  };
  /** studio-media answers: for a stray file in the library folder, and for the demo's speech once filed. */
  media: { stray: MediaAnswer; speech: MediaAnswer | null } | null;
  permissions: { fullscreen: boolean; geolocation: boolean } | null;
  quit: {
    completed: boolean;
    databaseWalLeft: boolean;
    demoServerRefused: boolean | null;
  } | null;
  /** The desktop-only paths (scenario.desktop): what the bridge answered and where the files went. */
  desktop: DesktopReport | null;
  /** The electron-store file (gateway-studio.json) after quitting, as text, or null when there is none. */
  storeFile: string | null;
  /** Native libraries the process had mapped at the end (Linux /proc/self/maps): where sharp really loaded from. */
  nativeLibraries: string[];
  /** Steps of the drive that threw: the booted app did not do what the step expected. */
  failures: string[];
}

export interface DesktopReport {
  /** The library item the steps act on (the demo's filed speech), as main's library names it. */
  itemPath: string | null;
  drag?: BridgeReply;
  exported?: BridgeReply;
  /** The export folder's files after the export. */
  exportedFiles: string[];
  trashed?: BridgeReply;
  undone?: BridgeReply;
  /** Whether the item's file was back at its path after Undo. */
  backAfterUndo: boolean;
  /** The second deletion, left to run out: quitting ends its window and hands the file to the OS trash. */
  trashedAgain?: BridgeReply;
  task?: BridgeReply;
}
