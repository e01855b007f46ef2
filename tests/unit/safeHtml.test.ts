import { describe, expect, it } from 'vitest';
import { htmlToPlainText, sanitizeHtml } from '../../server/mail/safeHtml';

describe('bulk mail HTML', () => {
  it('keeps the editor’s formatting and drops scripts, handlers, styles and unsafe links', () => {
    const html = sanitizeHtml(
      '<h2 style="color:red">ご案内</h2><p onclick="x()">いつも<strong>ありがとう</strong><br>ございます</p>' +
        '<script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe>' +
        '<a href="javascript:alert(1)">悪い</a><a href="https://yadoban.example.com/?a=1&b=2">良い</a>' +
        '<img src="data:image/png;base64,AAAA" onerror="x()"><img src="https://yadoban.example.com/a.png" alt="写真">' +
        '<!-- comment --><form><input value="x"></form><ul><li>一</li><li>二',
    );
    expect(html).toBe(
      '<h2>ご案内</h2><p>いつも<strong>ありがとう</strong><br>ございます</p>' +
        '<a>悪い</a><a href="https://yadoban.example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">良い</a>' +
        '<img src="https://yadoban.example.com/a.png" alt="写真"><ul><li>一</li><li>二</li></ul>',
    );
  });

  it('escapes text that looks like markup', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; 1 < 2</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; 1 &lt; 2</p>',
    );
  });

  it('makes the plain-text part with its line breaks and the placeholder kept', () => {
    expect(htmlToPlainText(sanitizeHtml('<p>{{name}}様</p><p>一行目<br>二行目</p>'))).toBe(
      '{{name}}様\n\n一行目\n二行目',
    );
  });
});
