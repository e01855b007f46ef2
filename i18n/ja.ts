import type { TranslationMessages } from 'ra-core';
import japaneseMessagesModule from '@bicstone/ra-language-japanese';
import { errorMessages, infoMessages } from '../contract/messages';

/**
 * The package is CommonJS: Vite's build hands it over as `{ default: messages }`, Node and the
 * tests as the messages themselves. Without the unwrap the built console shows raw keys.
 */
const moduleValue = japaneseMessagesModule as TranslationMessages & { default?: TranslationMessages };
export const raJapaneseMessages: TranslationMessages = moduleValue.default ?? moduleValue;

/** The console's own wording. Keys are English, what a person reads is Japanese. */
export const appMessages = {
  app: {
    name: 'やどばん',
    menu: {
      home: 'ホーム',
      users: 'ユーザー管理',
      suppliers: 'パートナー',
      bulk_mail: '一括メール',
      analytics: 'ゲスト分析',
      accommodations: '施設',
    },
    accommodation_menu: {
      label: '施設メニュー',
      calendar: 'カレンダー',
      cash: '小口現金',
      setting: '詳細設定',
      plan: 'プラン',
      room: '部屋',
      option: 'オプション',
      mail_template: 'メールテンプレート',
      faq: 'FAQ',
    },
    header: {
      logout: 'ログアウト',
      company: '会社名',
      selected_accommodation: '選択中の施設',
    },
    version: 'ver %{version}',
    login: {
      title: 'やどばん',
      subtitle: '管理画面ログイン',
      email: 'メールアドレス',
      password: 'パスワード',
      submit: 'ログイン',
      submitting: 'ログイン中…',
    },
    page: {
      home: 'ホーム',
      bulk_mail: '一括メール',
      bulk_mail_create: '一括メール作成',
      received_mail: '受信メール詳細',
      analytics: 'ゲスト分析',
      timesheet: 'シフトグループ一覧',
      timesheet_detail: 'シフトカレンダー',
      users: 'ユーザー管理',
      suppliers: 'パートナー',
      books: '宿泊一覧',
      calendar: 'カレンダー',
      booking: '予約詳細',
      day: '日別スケジュール',
      plans: 'プラン一覧',
      sync_check: '同期チェック',
      prices: '料金一覧',
      price_csv: 'CSV料金更新',
      price_creator: '料金作成',
      rooms: '部屋一覧',
      cash: '小口現金',
      setting: '詳細設定',
      faq: 'FAQ一覧',
      options: 'オプション一覧',
      mail_templates: 'メールテンプレート一覧',
      mail_template: 'メールテンプレート詳細',
      not_found: 'ページが見つかりません',
    },
    placeholder: {
      preparing: '準備中',
      preparing_detail: 'この画面は準備中です。',
    },
    home: {
      company: '会社',
      accommodations: '施設一覧',
      no_accommodations: '利用できる施設がありません。',
      open_calendar: '%{name}のカレンダーを開く',
    },
    action: {
      close: '閉じる',
      cancel: 'キャンセル',
      ok: 'OK',
      undo: '元に戻す',
    },
    confirm: {
      delete_title: '削除の確認',
      delete_content: '削除してもよろしいですか？',
    },
    message: {
      error: errorMessages,
      info: infoMessages,
    },
  },
} as const;

/** Every leaf key of appMessages, e.g. "app.menu.home". */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type AppMessageKey = Leaves<typeof appMessages>;

export const jaMessages: TranslationMessages = {
  ...raJapaneseMessages,
  ...appMessages,
};
