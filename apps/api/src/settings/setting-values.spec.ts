import { BadRequestException } from '@nestjs/common';
import { checkSettingValue } from './setting-values';

describe('setting values', () => {
  it.each([
    ['siteName', { en: 'Site', fr: 'Site' }, { en: 'Site', fr: 'Site' }],
    ['primaryColor', '#26d17d', '#26D17D'],
    ['defaultLocale', 'tr', 'tr'],
    ['smtpSender', ' forms@example.org ', 'forms@example.org'],
    ['optionLists', { countries: ['France'] }, { countries: ['France'] }],
    ['anything.else', [1, { a: null }], [1, { a: null }]],
    ['logoMediaId', 12, 12],
    ['logoMediaId', null, null],
    ['faviconMediaId', null, null],
  ])('accepts %s = %j', (name, value, stored) => {
    expect(checkSettingValue(name, value)).toEqual(stored);
  });

  it.each([
    ['siteName', { de: 'Seite' }],
    ['siteName', 'Site'],
    ['cookieConsentText', { en: 'x'.repeat(5001) }],
    ['primaryColor', 'green'],
    ['backgroundColor', '#FFF'],
    ['defaultLocale', 'de'],
    ['smtpSender', 'a@b.com\r\nBcc: c@d.com'],
    ['optionLists', { countries: 'France' }],
    ['optionLists', { 'bad key!': [] }],
    ['free', 'x'.repeat(70_000)],
    ['free', 'a\u0000b'],
    ['free', null],
    ['siteName', null],
    ['logoMediaId', '12'],
    ['logoMediaId', 0],
    ['faviconMediaId', 2_147_483_648],
    ['free', JSON.parse('['.repeat(40) + ']'.repeat(40))],
  ])('refuses %s = %j', (name, value) => {
    expect(() => checkSettingValue(name, value)).toThrow(BadRequestException);
  });
});
