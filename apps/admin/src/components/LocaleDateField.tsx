import { DateField, type DateFieldProps, NumberField, type NumberFieldProps, useLocaleState } from 'react-admin';

/** react-admin's DateField written the way the interface language writes dates (not the browser's). */
export function LocaleDateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <DateField locales={locale} {...props} />;
}

/** react-admin's NumberField with the interface language's digit grouping. */
export function LocaleNumberField(props: NumberFieldProps) {
  const [locale] = useLocaleState();
  return <NumberField locales={locale} {...props} />;
}
