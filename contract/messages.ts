/**
 * Every sentence a person sees from an error or a notice, in one place: the server answers
 * with them and the console shows them. Sections 5 and 8 of the spec, word for word where the
 * spec gives the Japanese.
 */
export const errorMessages = {
  loginMismatch: 'メールアドレスまたはパスワードが一致しません',
  /** One address with one password in two companies (docs/decisions.md "Accounts belong to one company"). */
  loginAmbiguous:
    'このメールアドレスとパスワードは複数の会社のアカウントに一致するため、ログインできません。いずれかの会社の管理者にパスワードの変更を依頼してください',
  invalidClient: 'クライアント認証に失敗しました。',
  unsupportedGrantType: 'grant_type が正しくありません。',
  invalidRequest: 'リクエストの形式が正しくありません。',
  tooManyRequests: 'リクエストが多すぎます。しばらく待ってから再度お試しください。',
  unauthorized: 'ログインの有効期限が切れました。再度ログインしてください。',
  forbidden: 'この操作を行う権限がありません。',
  notFound: '対象のデータが見つかりません。',
  routeNotFound: 'ページが見つかりません。',
  validation: '入力内容に誤りがあります。',
  conflict: 'ほかのデータと競合しています。画面を更新してから再度お試しください。',
  payloadTooLarge: 'ファイルまたはデータのサイズが大きすぎます。',
  /** 431: most often cookies grown too large for this site. */
  headersTooLarge: 'リクエストのヘッダーが大きすぎます。このサイトのCookieを削除してから再度お試しください。',
  unsupportedMediaType: 'この形式のファイルは受け付けられません。',
  unsupportedContentType: 'この形式のデータは受け付けられません。',
  internal: 'サーバーでエラーが発生しました。しばらく待ってから再度お試しください。',
  network: '通信エラーが発生しました。ネットワークの接続を確認してください。',
  nonJson: 'サーバーから正しくない応答がありました。',
  // Section 8
  generic: 'エラーが発生しました。',
  /** A date range whose end comes before its start (the analysis, the bulk mail's guest search). */
  dateOrder: '終了日は開始日以降の日付を指定してください',
  bookingUpdateFailed: '更新に失敗しました。内容を確認してください。',
  bookingCreateFailed: '予約に失敗しました。内容を確認してください。',
  csvFailed: 'エラーが発生しました。csvファイルの形式を確認してください。',
  deleteFailed: '削除に失敗しました。',
  stillReferenced: 'ほかのデータから使われているため削除できません。',
  /** 400: a value the database cannot hold (a number out of range, a NUL character, a bad date). */
  invalidValue: '保存できない値が含まれています（範囲外の数値や使用できない文字）。内容を確認してください。',
  syncFailed: '同期に失敗しました。パスワードや日付を確認してください。',
  // Section 8 "Sync errors", what the channel answered (server/channel/wire/client.ts maps its codes).
  syncWrongPassword: '外部予約サイトのパスワードが違います。',
  syncStateNotAllowed: '外部予約サイトの状態が同期を許可していません。',
  syncCloseBookingError: '外部予約サイトで予約クローズエラーが発生しました。',
  syncCancelError: '外部予約サイトでキャンセル同期エラーが発生しました。',
  /** No channel address (CHANNEL_URL) on this server: nothing can be sent. */
  syncNotConfigured: '外部予約サイトの接続先が設定されていません。管理者に連絡してください。',
  mailFailed: 'メールの送信に失敗しました。',
  /** Spec 5 and 9: an attachment over 5,000,000 bytes ('file size must be within 5M'). */
  attachmentTooLarge: 'ファイルサイズは5M以内にしてください',
} as const;

export const infoMessages = {
  syncCompleted: '同期が完了しました',
  paymentRegistered: '入金を登録しました。',
  paymentDeleted: '入金を削除しました。',
  /** Spec 8 "booking deleted": the action is a cancellation (delete_flg 1, spec 4), and says so. */
  bookingCancelled: '予約をキャンセルしました。',
  userCreated: 'ユーザーを作成しました。',
  userDeleted: 'ユーザーを削除しました。',
  userPasswordUpdated: 'パスワードを更新しました。',
  shiftRequestDeleted: 'シフト希望を削除しました。',
  shiftGroupDeleted: 'シフトグループを削除しました。',
  // Word for word from spec section 8: these four keep its wording.
  planCreated: 'プランが作成されました。',
  planDeleted: 'プランが削除されました。',
  roomCreated: '部屋が作成されました。',
  roomDeleted: '部屋が削除されました。',
} as const;

/** The error body every failing call answers (DECISIONS.md "Answers"). */
export interface ApiErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string>;
  /** OAuth endpoint only (RFC 6749 error code). */
  error?: string;
  /** A server failure (5xx): the id of its log line, for the user to quote. */
  request_id?: string;
}
