import { useCallback } from 'react';
import { useTranslate } from 'ra-core';
import type { AppMessageKey } from './ja';

/** react-admin's translate restricted to our typed keys. */
export function useAppTranslate(): (key: AppMessageKey, options?: Record<string, unknown>) => string {
  const translate = useTranslate();
  return useCallback((key, options) => translate(key, options), [translate]);
}
