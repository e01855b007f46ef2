import { isPlainText, requiredMessage } from './fieldRules';
import { z } from './zod';

/**
 * The password rule of staff accounts: 12 to 128 characters and not one of the passwords that
 * attackers try first. A long passphrase is what protects guests' data here, not symbols: there is
 * no rule about character classes (NIST SP 800-63B).
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const passwordMessages = {
  required: 'パスワードを入力してください',
  tooShort: `パスワードは${PASSWORD_MIN}文字以上で入力してください`,
  tooLong: `パスワードは${PASSWORD_MAX}文字以内で入力してください`,
  common: 'よく使われていて推測されやすいパスワードです。別のパスワードにしてください',
  controlCharacters: 'パスワードに使用できない文字（改行などの制御文字）が含まれています',
} as const;

/** Passwords of 12 characters or more found at the top of leaked-password lists, and their kind. */
const COMMON = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456123456',
  '111111111111',
  '000000000000',
  '123123123123',
  '987654321098',
  'qwertyuiop12',
  'qwertyuiopas',
  'qwerty123456',
  '1qaz2wsx3edc',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5y6',
  'asdfghjkl123',
  'zxcvbnm12345',
  'password1234',
  'password123!',
  'passw0rd1234',
  'password12345',
  'passwordpassword',
  'mypassword123',
  'iloveyou1234',
  'abcdefghijkl',
  'abcd12345678',
  'abc123456789',
  'administrator',
  'admin1234567',
  'adminadmin123',
  'welcome12345',
  'letmein12345',
  'changeme1234',
  'football1234',
  'baseball1234',
  'sunshine1234',
  'princess1234',
  'dragon123456',
  'monkey123456',
  'yadoban12345',
  'yadoban-pass',
]);

/**
 * True for a password nobody should use: a listed one (case ignored), one character repeated, or
 * a run of consecutive keys or digits.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  if (new Set(lower).size <= 2) return true;
  const sequences = ['01234567890123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];
  return sequences.some((s) => s.includes(lower) || s.split('').reverse().join('').includes(lower));
}

/**
 * A new password, as the create and change forms, the server and `npm run create-admin` check it.
 * Spaces count like any character and nothing is trimmed: a passphrase is kept as typed.
 */
export const passwordSchema = z
  .string({ error: requiredMessage(passwordMessages.required) })
  .min(1, passwordMessages.required)
  .min(PASSWORD_MIN, passwordMessages.tooShort)
  .max(PASSWORD_MAX, passwordMessages.tooLong)
  .refine((p) => isPlainText(p), passwordMessages.controlCharacters)
  .refine((p) => !isCommonPassword(p), passwordMessages.common);
