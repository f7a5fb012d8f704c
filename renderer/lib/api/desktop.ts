// Native desktop actions, shared by the Library (show in folder, drag out) and Settings (choose the library
// folder). Web mode has no file manager or OS drag, so callers show them only over IPC.
import { bridge, transport } from '../bridge';

export const desktopActions = {
  available: transport === 'ipc',
  chooseLibraryFolder: () => bridge.desktop.chooseLibraryFolder.mutate(),
  showInFolder: (id: string) => bridge.desktop.showInFolder.mutate({ id }),
  startDrag: (id: string) => bridge.desktop.startDrag.mutate({ id }),
};
