import type { TNewsDetail } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { formData, pngImage } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { sanitizeRichText } from '../../platform/richtext/sanitize';
import { news } from './tables';
import { dangerousParts, XSS_PAYLOADS } from './xss-corpus';

describe('the rich text allow-list', () => {
  it('has a corpus of at least 30 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it('the checker itself flags every payload before sanitising (so a pass means something)', () => {
    const notFlagged = XSS_PAYLOADS.filter((p) => !p.startsWith('&lt;') && dangerousParts(p).length === 0);
    expect(notFlagged).toEqual([]);
  });

  it.each(XSS_PAYLOADS)('leaves nothing dangerous of %s', (payload) => {
    const clean = sanitizeRichText(`<p>before</p>${payload}<p>after</p>`);
    expect(dangerousParts(clean)).toEqual([]);
    expect(clean).toContain('<p>before</p>');
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Title</h2><p style="text-align:center">A <strong>bold</strong> <em>move</em> and <a href="https://example.com" target="_blank">a link</a></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><img src="/files/news-content/2026/abc.png" alt="x">';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Title</h2><p style="text-align:center">A <strong>bold</strong> <em>move</em> and <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">a link</a></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><img src="/files/news-content/2026/abc.png" alt="x" loading="lazy" />',
    );
  });
});

describe('payloads saved as news content', () => {
  let t: TestApp;
  let staff: ApiClient;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  });
  afterAll(() => t.close());

  it('are stored and served without anything that could run', async () => {
    const res = await staff.post(
      'news',
      formData(
        {
          title: 'XSS corpus',
          description: 'Every payload at once',
          content: `<p>Corpus</p>${XSS_PAYLOADS.join('\n')}`,
          categoryId: '1',
          serviceId: '1',
        },
        { image: [await pngImage(), 'x.png', 'image/png'] },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const [stored] = await t.database.db
      .select()
      .from(news)
      .where((await import('drizzle-orm')).eq(news.id, id));
    expect(dangerousParts(stored?.content ?? '<script>')).toEqual([]);
    const detail = (await apiClient(t.app, undefined).get(`news/${id}`)).json() as TNewsDetail;
    expect(detail.content.startsWith('<p>Corpus</p>')).toBe(true);
    expect(dangerousParts(detail.content)).toEqual([]);
  });

  it('are sanitised again on the way out, even if the stored row was written around the API', async () => {
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(news)
      .set({ content: '<p>ok</p><img src=x onerror=alert(1)><script>alert(2)</script>' })
      .where(eq(news.id, 1));
    const detail = (await apiClient(t.app, undefined).get('news/1')).json() as TNewsDetail;
    expect(detail.content).toBe('<p>ok</p>');
  });
});
