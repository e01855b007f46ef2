/**
 * The words of the login page and of the message box it shows: the only ones the first download
 * carries. Every other text comes with the console (i18n/ja.ts, which includes these), so that the
 * login page stays as light as it is however many screens the console grows.
 */
export const loginMessages = {
  login: {
    title: 'やどばん',
    subtitle: '管理画面ログイン',
    email: 'メールアドレス',
    password: 'パスワード',
    submit: 'ログイン',
    submitting: 'ログイン中…',
  },
  close: '閉じる',
} as const;
