// The bound store's full shape, in its own module so every slice can type `get()` against the whole store.
import type { CreateSlice } from './create-slice';
import type { PreferencesSlice } from './preferences-slice';
import type { ToastSlice } from './toast-slice';

export type StudioStore = PreferencesSlice & ToastSlice & CreateSlice;
