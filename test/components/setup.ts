// Every component test: jest-dom's matchers, the app's own i18n bundles (tests read the sentences users read),
// and a fresh DOM and storage after each test (Create keeps drafts in localStorage: one test's prompt must not
// be the next one's).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../../renderer/i18n/i18n';
import { zhCN } from '../../renderer/i18n/zh-cn';

// jsdom has no top layer: HTMLDialogElement's showModal and close are missing. These stand-ins only open and
// close the element (and fire 'close', as browsers do); focus, Esc and inertness in a real browser are the
// Playwright tests' to check.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

initI18n();
// Tests switch to Chinese at will: its bundle is here from the start, as the app fetches it when first chosen.
i18next.addResourceBundle('zh-CN', 'translation', zhCN);
afterEach(async () => {
  cleanup();
  localStorage.clear();
  // The files share one jsdom and one module graph (isolate: false in vitest.config.ts): what a test changed
  // for itself must not be the next file's starting point.
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});
