import polyglotI18nProvider from 'ra-i18n-polyglot';
import { jaMessages, type AppMessageKey } from './ja';

/** Japanese only. Missing keys are not allowed: tests/unit/i18n.test.ts checks every key used. */
export const i18nProvider = polyglotI18nProvider(() => jaMessages, 'ja', [{ locale: 'ja', name: '日本語' }]);

/**
 * Translation outside react-admin's context (the login page, the message box). Inside it,
 * use `useAppTranslate` so that a locale change would re-render.
 */
export function t(key: AppMessageKey, options?: Record<string, unknown>): string {
  return i18nProvider.translate(key, options);
}
