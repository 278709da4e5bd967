import { ContainerFieldType } from './enums';
import { FIELD_TYPES, type FieldRuleDefinition, isLocation, LATITUDE_MAX, LONGITUDE_MAX } from './field-types';

const plain: FieldRuleDefinition = { min: null, max: null, multiple: false, options: ['S', 'M'] };

/** For every type: a value a client may write, what is stored and answered for it, and values refused. */
const SAMPLES: Record<ContainerFieldType, { good: unknown; stored: unknown; bad: unknown[] }> = {
  [ContainerFieldType.STRING]: { good: 'Hello', stored: 'Hello', bad: [1, 'x'.repeat(2_001)] },
  [ContainerFieldType.PARAGRAPH]: { good: 'A long text', stored: 'A long text', bad: [true, 'x'.repeat(20_001)] },
  [ContainerFieldType.RICHTEXT]: { good: '<p>Hi</p>', stored: '<p>Hi</p>', bad: [{}, 'x'.repeat(200_001)] },
  [ContainerFieldType.LINK]: { good: ' /blog ', stored: '/blog', bad: ['javascript:alert(1)', '//evil.example', 3] },
  [ContainerFieldType.NUMBER]: { good: 12.5, stored: 12.5, bad: ['12', Number.NaN, Infinity] },
  [ContainerFieldType.POSITION]: { good: 3, stored: 3, bad: [1.5, '3'] },
  [ContainerFieldType.BOOLEAN]: { good: true, stored: true, bad: ['true', 1] },
  [ContainerFieldType.DATE]: { good: '2026-02-28', stored: '2026-02-28T00:00:00.000Z', bad: ['2026-02-30', '28/02/2026', 5] },
  [ContainerFieldType.OPTION]: { good: 'M', stored: 'M', bad: ['L', 1] },
  [ContainerFieldType.ZOHOOPTIONS]: { good: 'Red', stored: 'Red', bad: [1, 'x'.repeat(501)] },
  [ContainerFieldType.COLOR]: { good: '#26d17d', stored: '#26D17D', bad: ['#abc', 'red', '#26d17d;'] },
  [ContainerFieldType.LOCATION]: {
    good: { lat: 48.85, lng: 2.35 },
    stored: { lat: 48.85, lng: 2.35 },
    bad: [{ lat: 91, lng: 0 }, { lat: 0, lng: -181 }, { lat: 1, lng: 2, alt: 3 }, [1, 2]],
  },
  [ContainerFieldType.TIMERANGE]: {
    good: { start: '09:00', end: '17:30' },
    stored: { start: '09:00', end: '17:30' },
    bad: [{ start: '18:00', end: '09:00' }, { start: '09:00', end: '2026-01-01T10:00:00Z' }, 'x'],
  },
  [ContainerFieldType.IMAGE]: { good: 7, stored: 7, bad: [0, -1, 1.5, 2_147_483_648, '7'] },
  [ContainerFieldType.FILE]: { good: 7, stored: 7, bad: [0, '7'] },
  [ContainerFieldType.VIDEO]: { good: 7, stored: 7, bad: [0, '7'] },
  [ContainerFieldType.CONTENT]: { good: 9, stored: 9, bad: [0, 'nine'] },
};

describe('the field-type registry', () => {
  it.each(Object.values(ContainerFieldType))('%s: takes its sample, stores it normalised, and reads it back as its own shape', (type) => {
    const rule = FIELD_TYPES[type];
    const checked = rule.check(SAMPLES[type].good, plain);
    expect(checked).toEqual({ problems: [], item: SAMPLES[type].stored });
    expect(rule.isItem(checked.item)).toBe(true);
  });

  it.each(Object.values(ContainerFieldType))('%s: refuses what is not its shape, saying why', (type) => {
    for (const value of SAMPLES[type].bad) {
      const checked = FIELD_TYPES[type].check(value, plain);
      expect(checked.item).toBeUndefined();
      expect(checked.problems.length).toBeGreaterThan(0);
    }
  });

  it('bounds text length and numbers by the definition of a single field, not of a multiple one', () => {
    const bounded = { ...plain, min: 2, max: 4 };
    expect(FIELD_TYPES.STRING.check('a', bounded).problems).toEqual(['must be at least 2 characters long']);
    expect(FIELD_TYPES.NUMBER.check(5, bounded).problems).toEqual(['must be at most 4']);
    expect(FIELD_TYPES.NUMBER.check(5, { ...bounded, multiple: true }).problems).toEqual([]);
  });

  it('measures rich text with the tools it is given (the API counts the text, not the HTML)', () => {
    const tools = {
      sanitizeRichText: (html: string) => html.replace(/<script.*<\/script>/, ''),
      plainTextLength: (html: string) => html.replace(/<[^>]+>/g, '').length,
    };
    expect(FIELD_TYPES.RICHTEXT.check('<p>ab</p><script>x</script>', { ...plain, max: 2 }, tools)).toEqual({ problems: [], item: '<p>ab</p>' });
  });

  it('keeps the bounds of a location in one place', () => {
    expect([LATITUDE_MAX, LONGITUDE_MAX]).toEqual([90, 180]);
    expect(isLocation({ lat: -LATITUDE_MAX, lng: LONGITUDE_MAX })).toBe(true);
    expect(isLocation({ lat: LATITUDE_MAX + 0.1, lng: 0 })).toBe(false);
  });
});
