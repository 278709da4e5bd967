import { type ContainerDto, type ContentDto, Lang } from '@cms/contracts';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { useGetOne, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { fieldsToCopy } from './en-values';
import { useEnContent } from './EnValue';
import { COPIED_FROM_EN } from './copied-from-en';

/**
 * "Copy from en" in a locale's edit toolbar: the fields this locale shows empty, or shows from en
 * for want of its own value, take en's values as this locale's own (saved with the next Save);
 * what the editor typed stays.
 */
export function CopyFromEnButton({ locale }: { locale: Lang }) {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext<ContentDto>();
  const { getValues, setValue } = useFormContext();
  const { data: en } = useEnContent(record?.id);
  const { data: container } = useGetOne<ContainerDto>('containers', { id: record?.containerId, meta: { locale: Lang.en } }, { enabled: !!record });
  if (locale === Lang.en || !record) return null;
  const copy = () => {
    if (!en || !container) return;
    const form = (getValues('fields') ?? {}) as Record<string, unknown>;
    const names = fieldsToCopy(container.fields, en.fields, form, new Set(record.fallbackFields ?? []));
    if (names.length === 0) {
      notify('cms.translations.nothing_to_copy', { type: 'info' });
      return;
    }
    for (const name of names) setValue(`fields.${name}`, en.fields[name], { shouldDirty: true });
    const already = (getValues(COPIED_FROM_EN) ?? []) as string[];
    setValue(COPIED_FROM_EN, [...new Set([...already, ...names])], { shouldDirty: true });
    notify('cms.translations.copied', { type: 'info', messageArgs: { smart_count: names.length } });
  };
  return (
    <Button startIcon={<ContentCopy />} onClick={copy} disabled={!en || !container} data-testid="copy-from-en">
      {translate('cms.translations.copy_from_en')}
    </Button>
  );
}
