import { submissionOf, withSeconds, type ControlState } from './forms';

const control = (name: string, value: string, type = 'text', checked = false, disabled = false): ControlState => ({ name, type, value, checked, disabled });

describe('submissionOf', () => {
  it('sends one text per field, a list per checkbox group and the checked radio', () => {
    expect(
      submissionOf([
        control('_form', '9', 'hidden'),
        control('_section', 'section-6', 'hidden'),
        control('name', 'Ada'),
        control('message', 'Hello', 'textarea'),
        control('kind', 'B', 'select-one'),
        control('topic', 'Sales', 'radio'),
        control('topic', 'Support', 'radio', true),
        control('interests', 'News', 'checkbox', true),
        control('interests', 'Events', 'checkbox'),
        control('none', 'x', 'checkbox'),
        control('', 'go', 'submit'),
        control('off', 'x', 'text', false, true),
        control('_hp', '', 'text'),
      ]),
    ).toEqual({ values: { name: 'Ada', message: 'Hello', kind: 'B', topic: 'Support', interests: ['News'], none: [] } });
  });

  it('passes a filled honeypot on, so the API can ignore the message', () => {
    expect(submissionOf([control('_hp', 'bot'), control('name', 'x')])).toEqual({ values: { name: 'x' }, _hp: 'bot' });
  });
});

describe('withSeconds', () => {
  it('writes the wait the API asks for, or a minute', () => {
    expect(withSeconds('Try in {seconds} s', '42')).toBe('Try in 42 s');
    expect(withSeconds('Try in {seconds} s', null)).toBe('Try in 60 s');
    expect(withSeconds('Try in {seconds} s', 'soon')).toBe('Try in 60 s');
  });
});
