/**
 * What a failed delivery means: a 5xx reply is the receiving side's final answer (the row fails,
 * with the server's words); anything else (refused or lost connections, timeouts, 4xx replies such
 * as 421/451/454 throttling) is temporary and the row waits and tries again. Reasons are Japanese,
 * for staff, and keep the SMTP server's own words in brackets.
 */
export interface DeliveryFailure {
  permanent: boolean;
  /** The Japanese reason kept in mail_messages.error. */
  reason: string;
}

interface SmtpLikeError {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

const MAX_WORDS = 300;

/** The server's words on one line, without control characters, cut to a readable length. */
function words(text: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const line = (text ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > MAX_WORDS ? `${line.slice(0, MAX_WORDS)}…` : line;
}

const LATER = '。時間をおいて自動で再送します';

export function classifyDeliveryError(error: unknown): DeliveryFailure {
  const e = (error ?? {}) as SmtpLikeError;
  const reply = words(e.response);
  const code = e.responseCode ?? 0;
  const system = [e.originalCode, e.code, e.message].filter(Boolean).join(' ');

  if (e.code === 'EAUTH' || code === 535 || code === 530) {
    // Our own account at the SMTP server: the address of a guest is not the problem; wait for a fix.
    return {
      permanent: false,
      reason: `メールサーバーの認証に失敗しました（${reply || 'SMTP_URL を確認してください'}）${LATER}`,
    };
  }
  if (code >= 500 && code < 600) {
    return { permanent: true, reason: `送信先のメールサーバーが受け取りを拒否しました（${reply || code}）` };
  }
  if (code >= 400 && code < 500) {
    return {
      permanent: false,
      reason: `送信先のメールサーバーが一時的に受け取れませんでした（${reply || code}）${LATER}`,
    };
  }
  if (/ECONNREFUSED/.test(system)) {
    return { permanent: false, reason: `メールサーバーに接続できませんでした（接続を拒否されました）${LATER}` };
  }
  if (/ETIMEDOUT|ETIMEOUT|timeout/i.test(system)) {
    return { permanent: false, reason: `メールサーバーが時間内に応答しませんでした${LATER}` };
  }
  if (/ECONNRESET|EPIPE|ESOCKET|ECONNECTION/.test(system)) {
    return { permanent: false, reason: `メールサーバーとの接続が切れました${LATER}` };
  }
  if (/ENOTFOUND|EAI_AGAIN|EDNS/.test(system)) {
    return { permanent: false, reason: `メールサーバーの名前を解決できませんでした${LATER}` };
  }
  return { permanent: false, reason: `送信中にエラーが起きました（${words(e.code ?? e.message) || '不明'}）${LATER}` };
}

/** After this long without success a row gives up (temporary failures never fail it earlier). */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export function gaveUpReason(last: string): string {
  return `3日間送信できなかったため、送信を中止しました（最後の理由：${last}）`;
}

/** The sender is not a verified sender address of the mail's company (issue 28): never sent. */
export const UNVERIFIED_SENDER_REASON =
  '送信元メールアドレスが確認済みの送信元メールアドレスではないため、送信しませんでした。メール設定の送信元メールアドレスで確認してから再送してください';
export const UNSAFE_HEADER_REASON = '宛先・差出人・件名に改行などの使えない文字が含まれているため、送信しませんでした';
