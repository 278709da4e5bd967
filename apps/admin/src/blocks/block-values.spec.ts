import { BLOCKS } from '@cms/contracts';
import type { BlockFieldSchema } from '@cms/contracts';
import { cleanContent, cleanObject, humanize, initialContent, initialObject, summaryText } from './block-values';

describe('block values', () => {
  it('starts a new section with the groups and lists its block requires', () => {
    expect(initialContent('cta')).toEqual({ action: {} });
    expect(initialContent('navigation')).toEqual({ items: [] });
    expect(initialContent('hero')).toEqual({});
    expect(initialContent('no-such-block')).toEqual({});
  });

  it('sends blank inputs as absent and leaves out an optional group left blank', () => {
    const content = cleanContent('hero', { title: 'Welcome', subtitle: '', eyebrow: null, text: '  ', action: { label: '', href: null }, theme: 'black' });
    expect(content).toEqual({ title: 'Welcome', theme: 'black' });
  });

  it('keeps a required group and list items so the API can say what they lack', () => {
    expect(cleanContent('cta', { title: 'Go', action: { label: '', href: '' } })).toEqual({ title: 'Go', action: {} });
    expect(cleanContent('navigation', { items: [{ label: 'Home', href: '/', children: [] }, { label: '' }] })).toEqual({
      items: [{ label: 'Home', href: '/', children: [] }, {}],
    });
  });

  it('keeps numbers, booleans and properties the registry does not know', () => {
    expect(cleanContent('contents', { limit: '6', paginate: false, sort: 'title', extra: 'x' })).toEqual({
      limit: 6,
      paginate: false,
      sort: 'title',
      extra: 'x',
    });
    expect(cleanContent('contents', { limit: 'abc' })).toEqual({ limit: 'abc' });
  });

  it('summarises a section by its first words', () => {
    expect(summaryText(BLOCKS.hero.content, { subtitle: 'Sub', title: 'Big title' })).toBe('Big title');
    expect(summaryText(BLOCKS.richtext.content, { html: '<p>Open <strong>every</strong>&nbsp;day</p>' })).toBe('Open every day');
    expect(
      summaryText(BLOCKS.navigation.content, {
        items: [
          { label: 'Home', href: '/' },
          { label: 'Blog', href: '/blog' },
        ],
      }),
    ).toBe('Home · Blog');
    expect(summaryText(BLOCKS.media.content, { mediaId: 3 })).toBe('');
  });

  it('handles a block the admin has never heard of from its schema alone', () => {
    const fields: Record<string, BlockFieldSchema> = {
      headline: { kind: 'text', required: true, maxLength: 80 },
      pricingTier: { kind: 'object', fields: { name: { kind: 'text', maxLength: 40 }, price_eur: { kind: 'int', min: 0, max: 1000 } } },
      quotes: { kind: 'list', maxItems: 3, of: { kind: 'object', fields: { text: { kind: 'text', maxLength: 200 } } } },
    };
    expect(initialObject(fields)).toEqual({ quotes: [] });
    expect(cleanObject(fields, { headline: 'Plans', pricingTier: { name: '', price_eur: '' }, quotes: [{ text: 'Great' }] })).toEqual({
      headline: 'Plans',
      quotes: [{ text: 'Great' }],
    });
    expect(summaryText(fields, { quotes: [{ text: 'Great' }] })).toBe('Great');
    expect(['headline', 'pricingTier', 'price_eur', 'feature-list'].map(humanize)).toEqual(['Headline', 'Pricing tier', 'Price eur', 'Feature list']);
  });
});
