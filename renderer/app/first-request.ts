// The first screen's request, started as the entry's first import: ES modules run in import order, so it leaves
// before React, i18next and the app's modules are evaluated (about 50 ms of script on these machines) rather than
// after them, and its answer is usually here by the first render.
import { fetchFirstScreen } from '../lib/first-screen';

export const firstScreen = fetchFirstScreen();
