import { describe, expect, it } from 'vitest';
import {
  mailTemplateUpdateSchema,
  MAIL_PLACEHOLDERS,
  placeholderGuide,
  unknownPlaceholders,
} from '../../contract/mailTemplate';
import {
  japaneseDate,
  optionLines,
  placeholderValues,
  renderLine,
  renderText,
  sampleBooking,
  yen,
  type MailBooking,
} from '../../server/mail/render';
import { cancelFee } from '../../contract/booking';
import { fillRecipientName } from '../../contract/mailPublication';

const booking: MailBooking = {
  name: '山田 花子',
  start_date: '2026-12-18',
  end_date: '2026-12-20',
  days: 2,
  person_number: 3,
  room_name: '和室10畳',
  plan_name: '1泊2食付き',
  uid: '7c2e91ab04d3f5e6',
  external_id: 'IK73355684',
  payment_limit_date: '2026-12-11',
  accommodation_name: 'やどばん本館',
  price: 9000,
  price_sub: 18001,
  options: [
    { name: '夕食', price: 3000, unit: 2, days: 1 },
    { name: 'レンタサイクル', price: 500, unit: 1, days: 3 },
  ],
  checkin_url: 'https://yadoban.example.jp/checkin/abc',
};

describe('the mail renderer', () => {
  it('writes yen with thousands separators and 円, and dates as yyyy年M月d日', () => {
    expect(yen(18000)).toBe('18,000円');
    expect(yen(0)).toBe('0円');
    expect(yen(1234567)).toBe('1,234,567円');
    expect(japaneseDate('2026-04-05')).toBe('2026年4月5日');
    expect(japaneseDate('2026-12-31')).toBe('2026年12月31日');
  });

  it('fills every placeholder', () => {
    const text = MAIL_PLACEHOLDERS.map((p) => `${p}=[{{${p}}}]`).join('\n');
    expect(renderText(text, booking)).toBe(
      [
        'book.name=[山田 花子]',
        'book.start_date=[2026年12月18日]',
        'book.end_date=[2026年12月20日]',
        'book.days=[2]',
        'book.person_number=[3]',
        'book.room_name=[和室10畳]',
        'book.plan_name=[1泊2食付き]',
        // The first 3 characters of the uid, as the booking panel shows it.
        'book.confirmation_number=[7c2]',
        'book.external_id=[IK73355684]',
        'book.price=[9,000円]',
        'book.price_sub=[18,001円]',
        'book.payment_limit_date=[2026年12月11日]',
        'book.options=[夕食 x 2 : 6,000円\nレンタサイクル x 1 : 1,500円\nオプション合計 : 7,500円]',
        // Half and a tenth of the total, rounded (18,001 x 0.5 = 9,000.5; x 0.1 = 1,800.1).
        'book.price_sub_50=[9,001円]',
        'book.price_sub_10=[1,800円]',
        'book.checkin_url=[https://yadoban.example.jp/checkin/abc]',
        'accommodation.name=[やどばん本館]',
      ].join('\n'),
    );
    expect(Object.keys(placeholderValues(booking))).toEqual([...MAIL_PLACEHOLDERS]);
  });

  it('writes a field the booking lacks (no plan, no site number, no deadline) as empty text', () => {
    const bare = { ...booking, plan_name: null, external_id: null, payment_limit_date: null };
    expect(renderText('[{{book.plan_name}}][{{book.external_id}}][{{book.payment_limit_date}}]', bare)).toBe('[][][]');
  });

  it('accepts spaces inside the braces, leaves unknown ones as written, and has no option lines without options', () => {
    expect(renderText('{{ book.name }} 様 {{book.nope}}', booking)).toBe('山田 花子 様 {{book.nope}}');
    expect(optionLines([])).toBe('');
    expect(renderText('[{{book.options}}]', { ...booking, options: [] })).toBe('[]');
  });

  it('keeps a subject on one line', () => {
    expect(renderLine('ご予約 {{book.options}}', booking)).not.toMatch(/[\r\n]/);
  });
});

describe('placeholders in a saved template', () => {
  it('tells staff what each one gives', () => {
    const guide = placeholderGuide();
    expect(guide).toContain('{{book.end_date}}（チェックアウト日）、');
    expect(guide).toContain('{{book.payment_limit_date}}（振込期限）');
    expect(guide).toContain('{{accommodation.name}}（施設名）');
    for (const p of MAIL_PLACEHOLDERS) expect(guide).toContain(`{{${p}}}（`);
  });

  it('lists the unknown ones once each', () => {
    expect(unknownPlaceholders('{{book.name}} {{book.nmae}} {{foo}} {{book.nmae}}')).toEqual(['book.nmae', 'foo']);
    expect(unknownPlaceholders(MAIL_PLACEHOLDERS.map((p) => `{{${p}}}`).join(''))).toEqual([]);
  });

  it('refuses a template holding an unknown placeholder, on its field, naming the valid ones', () => {
    const result = mailTemplateUpdateSchema.safeParse({
      title: 'ご予約',
      from_address: 'info@example.com',
      from_name: '宿',
      body: '{{book.nmae}} 様',
    });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual(['body']);
    expect(issue.message).toContain('{{book.nmae}}');
    for (const p of MAIL_PLACEHOLDERS) expect(issue.message).toContain(`{{${p}}}`);
  });
});

describe('one placeholder filler for booking mail and bulk mail', () => {
  it('fills a placeholder written with spaces inside the braces in both', () => {
    expect(renderText('{{ book.name }}様 {{book.name}}様', sampleBooking('宿'))).toBe('予約 太郎様 予約 太郎様');
    expect(fillRecipientName('<p>{{ name }}様</p><p>{{name}}様</p>', '山田')).toBe('<p>山田様</p><p>山田様</p>');
  });

  it('leaves a placeholder it does not know as written', () => {
    expect(fillRecipientName('{{ book.name }} {{name}}', '山田')).toBe('{{ book.name }} 山田');
    expect(renderText('{{ name }}', sampleBooking('宿'))).toBe('{{ name }}');
    expect(fillRecipientName('{{ accommodation.name }} {{book.end_date}}', '山田')).toBe(
      '{{ accommodation.name }} {{book.end_date}}',
    );
  });

  it('fills the cancellation fees with the presets the booking panel offers', () => {
    const values = placeholderValues({ ...sampleBooking('宿'), price_sub: 12_345 });
    expect(values['book.price_sub_50']).toBe(`${cancelFee(12_345, 50).toLocaleString('ja-JP')}円`);
    expect(values['book.price_sub_10']).toBe('1,235円');
  });
});
