// Every component test: jest-dom's matchers, the app's own i18n bundles (tests read the sentences users read),
// and a fresh DOM after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../../renderer/i18n/i18n';

initI18n('en');
afterEach(() => cleanup());
