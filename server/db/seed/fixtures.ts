/**
 * Fixed content of the demo data: the three accommodations with their catalogue, guest names and
 * addresses, and the mail template texts. Everything random is drawn in bookings.ts and demo.ts.
 *
 * Template placeholders: {{book.name}}, {{book.start_date}}, ... as contract/mailTemplate.ts
 * MAIL_PLACEHOLDERS lists them (spec 3, issue 32); {{accommodation}} is replaced by the facility's
 * name when the demo is seeded.
 */

export interface PriceRule {
  /** 1 person, yen. */
  base: number;
  /** Added per extra person. */
  perPerson: number;
  /** Surcharge per weekday, 0 Sunday ... 6 Saturday (the night of that day). */
  week: readonly [number, number, number, number, number, number, number];
  /** [holiday, day before a holiday]. */
  holiday: readonly [number, number];
}

export interface PlanFixture {
  name: string;
  maxNum: number;
  isActive: 0 | 1;
  ikyuId: string | null;
  icon: string;
  description: string;
  closeDateBefore: number;
  rule: PriceRule;
  /** Names of the room types it is sold with. */
  rooms: readonly string[];
  /** Payment method names offered. */
  paymentMethods: readonly string[];
  /** Sales end in months from today; null open-ended. */
  endInMonths: number | null;
  /** The meals inside the price, per person per night, tax-inclusive (issue 31); 0 when left out. */
  mealPrice?: number;
}

export interface OptionFixture {
  name: string;
  price: number;
  unit: string;
  unitMax: number | null;
  description: string;
  /** Index into SUPPLIERS; null official. */
  supplier: number | null;
  /** Room type name; null all rooms. */
  room: string | null;
  userSelection: 0 | 1;
  isStayType: 0 | 1;
  notice: 0 | 1;
}

export interface AccommodationFixture {
  name: string;
  shortName: string;
  color: string;
  slug: string;
  rooms: readonly { name: string; maxNum: number }[];
  plans: readonly PlanFixture[];
  options: readonly OptionFixture[];
  faqs: readonly { question: string; answer: string; room: string | null }[];
  /** 宿泊税 jurisdictions and 入湯税 (issue 31); none when left out. */
  /** 宿泊税's jurisdictions; 入湯税 on, with its rate per day visitor (日帰り入浴). */
  taxes?: { jurisdictions: readonly string[]; bathing: boolean; dayRate?: number };
}

/** The company's invoice issuer (issue 31): a corporation's registration number that passes its check digit. */
export const INVOICE_ISSUER = {
  invoiceRegistrationNumber: 'T7123456789012',
  invoiceCorporate: true,
  invoiceIssuerName: '株式会社やどばん',
  invoiceIssuerAddress: '静岡県熱海市中央町1-1',
  invoiceIssuerTel: '0557-00-1234',
} as const;

export const COMPANY_NAME = '株式会社やどばん';

export const PAYMENT_METHOD_NAMES = ['銀行振込', 'クレジットカード', '現地払い'] as const;

export const SENDER_ADDRESSES = ['info@yadoban.example.com', 'reservation@yadoban.example.com'] as const;

export const SUPPLIERS = [
  { name: '花いろ生花店', mail: 'order@hanairo.example.com' },
  { name: '湖畔アクティビティ合同会社', mail: 'booking@kohan-activity.example.com' },
  { name: '町家レンタサイクル', mail: 'rent@machiya-cycle.example.com' },
] as const;

const weekend = (fri: number, sat: number) => [0, 0, 0, 0, 0, fri, sat] as const;

export const ACCOMMODATIONS: readonly AccommodationFixture[] = [
  {
    name: '温泉旅館 さくら荘',
    shortName: 'さ',
    color: 'e0607e',
    slug: 'sakura',
    // A hot-spring ryokan in Atami: its 宿泊税 and 入湯税.
    taxes: { jurisdictions: ['atami'], bathing: true, dayRate: 75 },
    rooms: [
      { name: '和室8畳', maxNum: 4 },
      { name: '和室10畳 山側', maxNum: 3 },
      { name: '露天風呂付き特別室', maxNum: 1 },
    ],
    plans: [
      {
        name: '1泊2食付き スタンダードプラン',
        maxNum: 4,
        isActive: 1,
        ikyuId: '10012001',
        icon: 'restaurant',
        description: '季節の会席料理と朝食が付いた定番プランです。',
        closeDateBefore: 1,
        rule: { base: 16000, perPerson: 12000, week: weekend(3000, 6000), holiday: [5000, 4000] },
        rooms: ['和室8畳', '和室10畳 山側', '露天風呂付き特別室'],
        paymentMethods: ['銀行振込', 'クレジットカード'],
        endInMonths: null,
        mealPrice: 5_500,
      },
      {
        name: '素泊まりプラン',
        maxNum: 3,
        isActive: 1,
        ikyuId: '10012002',
        icon: 'hotel',
        description: 'お食事なしの気軽なご宿泊プランです。',
        closeDateBefore: 0,
        rule: { base: 8000, perPerson: 6000, week: weekend(1500, 3000), holiday: [2500, 2000] },
        rooms: ['和室8畳', '和室10畳 山側'],
        paymentMethods: ['銀行振込', 'クレジットカード', '現地払い'],
        endInMonths: null,
      },
      {
        name: '【早割30】30日前までの予約でお得',
        maxNum: 2,
        isActive: 0,
        ikyuId: null,
        icon: 'savings',
        description: '30日前までのご予約で通常料金より割引いたします。',
        closeDateBefore: 30,
        rule: { base: 14000, perPerson: 10000, week: weekend(2000, 4000), holiday: [4000, 3000] },
        rooms: ['和室8畳'],
        paymentMethods: ['クレジットカード'],
        endInMonths: 6,
      },
    ],
    options: [
      {
        name: '夕食グレードアップ',
        price: 3000,
        unit: '名',
        unitMax: 6,
        description: '会席料理を特選に変更します。',
        supplier: null,
        room: null,
        userSelection: 1,
        isStayType: 0,
        notice: 0,
      },
      {
        name: '記念日の花束',
        price: 5000,
        unit: '束',
        unitMax: 2,
        description: 'お部屋に花束をご用意します。',
        supplier: 0,
        room: null,
        userSelection: 1,
        isStayType: 0,
        notice: 1,
      },
      {
        name: '貸切風呂 45分',
        price: 2000,
        unit: '回',
        unitMax: 2,
        description: '当日フロントで時間をお選びください。',
        supplier: null,
        room: '和室8畳',
        userSelection: 1,
        isStayType: 1,
        notice: 0,
      },
      {
        name: '駐車場',
        price: 1000,
        unit: '台',
        unitMax: 2,
        description: '1泊あたりの料金です。',
        supplier: null,
        room: null,
        userSelection: 0,
        isStayType: 1,
        notice: 0,
      },
    ],
    faqs: [
      {
        question: 'チェックインは何時からですか？',
        answer: '15:00からです。到着が20時を過ぎる場合はご連絡ください。',
        room: null,
      },
      { question: '駐車場はありますか？', answer: '敷地内に10台分ございます（1泊1,000円）。', room: null },
      {
        question: '露天風呂は何時まで利用できますか？',
        answer: '客室の露天風呂は24時間ご利用いただけます。',
        room: '露天風呂付き特別室',
      },
      { question: 'キャンセル料はかかりますか？', answer: '前日は宿泊料金の50%、当日は100%を頂戴します。', room: null },
    ],
  },
  {
    name: '湖畔の宿 みずうみ',
    shortName: '湖',
    color: '2f7fc1',
    slug: 'mizuumi',
    rooms: [
      { name: '洋室ツイン', maxNum: 5 },
      { name: 'レイクビュー和洋室', maxNum: 3 },
      { name: 'スイート', maxNum: 1 },
      { name: '和室6畳 シングル', maxNum: 2 },
    ],
    plans: [
      {
        name: '朝食付きプラン',
        maxNum: 4,
        isActive: 1,
        ikyuId: '20034001',
        icon: 'free_breakfast',
        description: '地元野菜の朝食ビュッフェ付きです。',
        closeDateBefore: 0,
        rule: { base: 11000, perPerson: 8000, week: weekend(2000, 5000), holiday: [4000, 3000] },
        rooms: ['洋室ツイン', 'レイクビュー和洋室', '和室6畳 シングル'],
        paymentMethods: ['銀行振込', 'クレジットカード', '現地払い'],
        endInMonths: null,
      },
      {
        name: '湖畔ディナー付きプラン',
        maxNum: 6,
        isActive: 1,
        ikyuId: null,
        icon: 'dinner_dining',
        description: '湖を望むレストランでのコースディナー付きです。',
        closeDateBefore: 2,
        rule: { base: 19000, perPerson: 14000, week: weekend(3000, 7000), holiday: [6000, 5000] },
        rooms: ['レイクビュー和洋室', 'スイート'],
        paymentMethods: ['銀行振込', 'クレジットカード'],
        endInMonths: null,
      },
    ],
    options: [
      {
        name: 'カヌー体験',
        price: 4500,
        unit: '名',
        unitMax: 6,
        description: '所要約90分、ガイド付きです。',
        supplier: 1,
        room: null,
        userSelection: 1,
        isStayType: 0,
        notice: 1,
      },
      {
        name: '朝食追加',
        price: 1800,
        unit: '名',
        unitMax: 6,
        description: '素泊まりのお客様向けです。',
        supplier: null,
        room: null,
        userSelection: 1,
        isStayType: 1,
        notice: 0,
      },
      {
        name: 'テラスBBQセット',
        price: 6000,
        unit: '名',
        unitMax: 6,
        description: 'スイート専用テラスでのBBQです。',
        supplier: null,
        room: 'スイート',
        userSelection: 1,
        isStayType: 0,
        notice: 0,
      },
    ],
    faqs: [
      {
        question: '最寄り駅から送迎はありますか？',
        answer: '14時〜18時の間、30分おきに送迎車を運行しています。',
        room: null,
      },
      { question: '湖で泳げますか？', answer: '遊泳は禁止されています。カヌー体験をご利用ください。', room: null },
      {
        question: 'ペットと泊まれますか？',
        answer: '申し訳ございませんが、ペットのご同伴はお受けしておりません。',
        room: null,
      },
    ],
  },
  {
    name: '町家ゲストハウス 京',
    taxes: { jurisdictions: ['kyoto-city'], bathing: false },
    shortName: '町',
    color: '8a6d3b',
    slug: 'machiya',
    rooms: [
      { name: '一棟貸し 町家', maxNum: 1 },
      { name: '坪庭付き和室', maxNum: 2 },
    ],
    plans: [
      {
        name: '一棟貸し素泊まり',
        maxNum: 6,
        isActive: 1,
        ikyuId: null,
        icon: 'house',
        description: '築百年の町家を一棟まるごとお使いいただけます。',
        closeDateBefore: 1,
        rule: { base: 24000, perPerson: 5000, week: weekend(4000, 8000), holiday: [6000, 6000] },
        rooms: ['一棟貸し 町家'],
        paymentMethods: ['銀行振込', 'クレジットカード'],
        endInMonths: null,
      },
      {
        name: '京の朝ごはん付きプラン',
        mealPrice: 1_100,
        maxNum: 2,
        isActive: 1,
        ikyuId: '30056001',
        icon: 'rice_bowl',
        description: 'おばんざいの朝食付きです。',
        closeDateBefore: 0,
        rule: { base: 9000, perPerson: 7000, week: weekend(1000, 2500), holiday: [2000, 2000] },
        rooms: ['坪庭付き和室'],
        paymentMethods: ['銀行振込', 'クレジットカード', '現地払い'],
        endInMonths: null,
      },
    ],
    options: [
      {
        name: 'レンタサイクル',
        price: 1000,
        unit: '台',
        unitMax: 4,
        description: '1日あたりの料金です。',
        supplier: 2,
        room: null,
        userSelection: 1,
        isStayType: 1,
        notice: 1,
      },
      {
        name: '着物レンタル',
        price: 5500,
        unit: '名',
        unitMax: 4,
        description: '着付け込みです。',
        supplier: null,
        room: null,
        userSelection: 1,
        isStayType: 0,
        notice: 0,
      },
      {
        name: 'おばんざい夕食',
        price: 3200,
        unit: '名',
        unitMax: 2,
        description: '坪庭付き和室のお客様限定です。',
        supplier: null,
        room: '坪庭付き和室',
        userSelection: 0,
        isStayType: 0,
        notice: 0,
      },
    ],
    faqs: [
      {
        question: '鍵の受け渡しはどうなりますか？',
        answer: '到着前日にメールで暗証番号をお送りします。',
        room: '一棟貸し 町家',
      },
      { question: '近くにコンビニはありますか？', answer: '徒歩3分の場所にございます。', room: null },
      { question: '荷物を預けられますか？', answer: 'チェックイン前・チェックアウト後もお預かりします。', room: null },
    ],
  },
];

/** [kanji, romaji] */
export const FAMILY_NAMES: readonly (readonly [string, string])[] = [
  ['佐藤', 'sato'],
  ['鈴木', 'suzuki'],
  ['高橋', 'takahashi'],
  ['田中', 'tanaka'],
  ['伊藤', 'ito'],
  ['渡辺', 'watanabe'],
  ['山本', 'yamamoto'],
  ['中村', 'nakamura'],
  ['小林', 'kobayashi'],
  ['加藤', 'kato'],
  ['吉田', 'yoshida'],
  ['山田', 'yamada'],
  ['佐々木', 'sasaki'],
  ['山口', 'yamaguchi'],
  ['松本', 'matsumoto'],
  ['井上', 'inoue'],
  ['木村', 'kimura'],
  ['林', 'hayashi'],
  ['斎藤', 'saito'],
  ['清水', 'shimizu'],
  ['山崎', 'yamazaki'],
  ['森', 'mori'],
  ['池田', 'ikeda'],
  ['橋本', 'hashimoto'],
  ['阿部', 'abe'],
  ['石川', 'ishikawa'],
  ['山下', 'yamashita'],
  ['中島', 'nakajima'],
  ['石井', 'ishii'],
  ['小川', 'ogawa'],
  ['前田', 'maeda'],
  ['岡田', 'okada'],
  ['長谷川', 'hasegawa'],
  ['藤田', 'fujita'],
  ['後藤', 'goto'],
  ['近藤', 'kondo'],
  ['村上', 'murakami'],
  ['遠藤', 'endo'],
  ['青木', 'aoki'],
  ['坂本', 'sakamoto'],
];

export const GIVEN_NAMES: readonly (readonly [string, string])[] = [
  ['翔太', 'shota'],
  ['大輔', 'daisuke'],
  ['健太', 'kenta'],
  ['拓也', 'takuya'],
  ['直樹', 'naoki'],
  ['誠', 'makoto'],
  ['浩二', 'koji'],
  ['隆', 'takashi'],
  ['亮', 'ryo'],
  ['悠斗', 'yuto'],
  ['蓮', 'ren'],
  ['大翔', 'hiroto'],
  ['和也', 'kazuya'],
  ['修', 'osamu'],
  ['剛', 'tsuyoshi'],
  ['聡', 'satoshi'],
  ['博之', 'hiroyuki'],
  ['正人', 'masato'],
  ['陽介', 'yosuke'],
  ['一郎', 'ichiro'],
  ['美咲', 'misaki'],
  ['陽子', 'yoko'],
  ['恵子', 'keiko'],
  ['裕子', 'yuko'],
  ['真由美', 'mayumi'],
  ['愛', 'ai'],
  ['彩', 'aya'],
  ['結衣', 'yui'],
  ['葵', 'aoi'],
  ['智子', 'tomoko'],
  ['直美', 'naomi'],
  ['由美', 'yumi'],
  ['麻衣', 'mai'],
  ['香織', 'kaori'],
  ['久美子', 'kumiko'],
  ['明美', 'akemi'],
  ['千尋', 'chihiro'],
  ['美穂', 'miho'],
  ['花', 'hana'],
  ['沙織', 'saori'],
];

/** Postal code and town, kanji only; a block number is appended. */
export const ADDRESSES: readonly (readonly [string, string])[] = [
  ['154-0015', '東京都世田谷区桜新町'],
  ['166-0004', '東京都杉並区阿佐谷南'],
  ['177-0041', '東京都練馬区石神井町'],
  ['223-0061', '神奈川県横浜市港北区日吉本町'],
  ['211-0063', '神奈川県川崎市中原区小杉町'],
  ['350-0043', '埼玉県川越市新富町'],
  ['273-0005', '千葉県船橋市本町'],
  ['530-0001', '大阪府大阪市北区梅田'],
  ['560-0082', '大阪府豊中市新千里東町'],
  ['606-0801', '京都府京都市左京区下鴨宮河町'],
  ['658-0046', '兵庫県神戸市東灘区御影本町'],
  ['464-0841', '愛知県名古屋市千種区覚王山通'],
  ['420-0852', '静岡県静岡市葵区紺屋町'],
  ['810-0041', '福岡県福岡市中央区大名'],
  ['980-0811', '宮城県仙台市青葉区一番町'],
  ['060-0042', '北海道札幌市中央区大通西'],
  ['730-0031', '広島県広島市中区紙屋町'],
  ['390-0811', '長野県松本市中央'],
  ['951-8063', '新潟県新潟市中央区古町通'],
  ['370-0849', '群馬県高崎市八島町'],
];

export const MAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

export const MINI_MEMOS = [
  '到着 20時頃',
  '記念日（結婚記念日）',
  'えびアレルギーあり',
  '夕食 18:30',
  'ベビーベッド希望',
  '禁煙室希望',
  '車で来館',
  '領収書 宛名は会社名',
] as const;

export const CALENDAR_COMMENTS = [
  '団体様 到着 17時予定',
  '午前中 館内設備点検',
  '大浴場 清掃のため15時まで利用不可',
  '繁忙日: 夕食2部制',
  '新人スタッフ研修日',
] as const;

export const PETTY_CASH_USES = [
  ['消耗品（トイレットペーパー）', 1800, 3500],
  ['郵便切手', 840, 2100],
  ['クリーニング代', 2500, 6800],
  ['お茶菓子', 1200, 3200],
  ['灯油', 2800, 5600],
  ['花（玄関用）', 1500, 3000],
  ['事務用品', 600, 2400],
  ['宅配便 送料', 900, 1900],
] as const;

/** Template per send type: [send type, title, body]. */
export const MAIL_TEMPLATES: readonly (readonly [number, string, string])[] = [
  [
    1,
    '【{{accommodation}}】ご予約ありがとうございます',
    `{{book.name}} 様

このたびは{{accommodation}}をご予約いただき、誠にありがとうございます。
以下の内容でご予約を承りました。

確認番号: {{book.confirmation_number}}
宿泊日: {{book.start_date}}〜{{book.end_date}}（{{book.days}}泊）
お部屋: {{book.room_name}}
人数: {{book.person_number}}名
合計金額: {{book.price_sub}}
お支払い済み: {{book.price}}

{{book.options}}

ご来館を心よりお待ちしております。`,
  ],
  [
    2,
    '【{{accommodation}}】ご予約キャンセルのお知らせ',
    `{{book.name}} 様

{{book.start_date}} ご宿泊のご予約をキャンセルいたしました。
キャンセル料が発生する場合は以下のとおりです。
前日: {{book.price_sub_50}}（宿泊料金の50%）
7日前まで: {{book.price_sub_10}}（宿泊料金の10%）

またのご利用をお待ちしております。`,
  ],
  [
    11,
    '【{{accommodation}}】ご入金を確認いたしました',
    `{{book.name}} 様

ご入金を確認いたしました。ありがとうございます。
ご入金額: {{book.price}} / 合計金額: {{book.price_sub}}
宿泊日: {{book.start_date}}`,
  ],
  [
    14,
    '【{{accommodation}}】お振込期限のご案内',
    `{{book.name}} 様

{{book.start_date}} ご宿泊分のお振込期限が近づいております。
お振込期限: {{book.payment_limit_date}}
ご請求金額: {{book.price_sub}}
確認番号: {{book.confirmation_number}}
期限までにお振込がない場合、ご予約は自動的にキャンセルとなります。

振込先: やどばん銀行 本店 普通 1234567 カ）ヤドバン`,
  ],
  [
    20,
    '【{{accommodation}}】クレジットカード決済完了のお知らせ',
    `{{book.name}} 様

クレジットカードでのお支払いが完了しました。
決済金額: {{book.price}}
宿泊日: {{book.start_date}}`,
  ],
  [
    21,
    '【{{accommodation}}】ご予約自動キャンセルのお知らせ',
    `{{book.name}} 様

お振込期限までにご入金が確認できなかったため、
{{book.start_date}} ご宿泊のご予約を自動キャンセルいたしました。
ご不明な点はお問い合わせください。`,
  ],
];
