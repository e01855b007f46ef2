import polyglotI18nProvider from 'ra-i18n-polyglot';
import { jaMessages } from './ja';

/** Japanese only. Missing keys are not allowed: tests/unit/i18n.test.ts checks every key used. */
export const i18nProvider = polyglotI18nProvider(() => jaMessages, 'ja', [{ locale: 'ja', name: '日本語' }]);
