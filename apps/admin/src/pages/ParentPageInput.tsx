import { type ContentDto, Lang, localePath, type PageTreeNode } from '@cms/contracts';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TextInput, useInput, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { addressUnder, fetchPage } from './page-tree-api';
import { PagePicker, TOP_LEVEL, type PickedParent } from './PagePicker';

/**
 * The form's `parentSlugId`: a slug id, 0 for "none (top level)" chosen on purpose, null or
 * undefined when not chosen (the record's top level on an edit; on a new content, its container's page).
 */
export type ParentValue = number | null | undefined;

const parentPageKey = (id: number | null, locale: Lang = Lang.en) => ['parent-page', id, locale];

/** The parent page in a locale (null: the top level or none; undefined: still loading), read by its id once, or known from the pick. */
function useParentPage(parentId: ParentValue, locale: Lang = Lang.en): PageTreeNode | null | undefined {
  const id = typeof parentId === 'number' && parentId > 0 ? parentId : null;
  const { data } = useQuery({ queryKey: parentPageKey(id, locale), queryFn: () => fetchPage(id!, locale), enabled: id !== null, staleTime: 60_000 });
  return id === null ? null : data;
}

interface ParentPageInputProps {
  /** The page of the record (its slug id), never offered as its own parent. */
  selfSlugId?: number | null;
  /** A new content goes under its container's page unless another is chosen: that page's address (null: the top level). */
  defaultParentPath?: string | null;
}

/** The parent page picker of the container and content forms (`parentSlugId`). */
export function ParentPageInput({ selfSlugId, defaultParentPath }: ParentPageInputProps) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { field } = useInput({ source: 'parentSlugId', defaultValue: undefined });
  const value = field.value as ParentValue;
  const parent = useParentPage(value);
  const byDefault = defaultParentPath !== undefined && (value === null || value === undefined);

  let shown: PickedParent | null = null;
  if (typeof value === 'number' && value > 0) {
    // While the page is read: its id alone, as an option that shows "…".
    shown = parent ?? ({ slugId: value, title: '…', path: '' } as PageTreeNode);
  } else if (!byDefault) shown = TOP_LEVEL;

  const onChange = (next: PickedParent | null) => {
    if (next === null) field.onChange(defaultParentPath !== undefined ? null : 0);
    else if (next === TOP_LEVEL) field.onChange(0);
    else {
      queryClient.setQueryData(parentPageKey(next.slugId, Lang.en), next);
      field.onChange(next.slugId);
    }
  };

  return (
    <PagePicker
      id="parent-page"
      value={shown}
      onChange={onChange}
      selfSlugId={selfSlugId}
      locale={Lang.en}
      label={translate('cms.pages.parent')}
      placeholder={byDefault ? translate('cms.pages.parent_default', { path: defaultParentPath ?? '/' }) : undefined}
      helperText={translate('cms.pages.parent_help')}
    />
  );
}

/**
 * The address the page gets from its slug and parent, shown under the slug input (`/company/about`);
 * in another locale, its address there (`/fr/societe/a-propos`): the parent's path in that locale,
 * then the locale's own segment or, without one, en's.
 */
export function PageAddress({ defaultParentPath, locale = Lang.en }: { defaultParentPath?: string | null; locale?: Lang }) {
  const translate = useTranslate();
  const record = useRecordContext<Pick<ContentDto, 'defaultSlug'>>();
  const value = useWatch({ name: 'parentSlugId' }) as ParentValue;
  const own = (useWatch({ name: 'slug' }) as string | null | undefined)?.trim() ?? '';
  const slug = locale === Lang.en ? own : own || (record?.defaultSlug ?? '');
  const parent = useParentPage(value, locale);
  const byDefault = defaultParentPath !== undefined && (value === null || value === undefined);
  const base = byDefault ? defaultParentPath : parent === null ? null : parent?.path;
  const address = slug === '' ? null : base === undefined ? undefined : localePath(locale, addressUnder(base, slug));
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2, mx: 1.75 }} data-testid="page-address" aria-live="polite">
      {address === null
        ? translate('cms.pages.no_address')
        : address === undefined
          ? translate('cms.pages.loading')
          : translate('cms.pages.address', { path: address })}
    </Typography>
  );
}

/**
 * The page's slug segment. In en, the page's own (empty: no page). In another locale, that
 * locale's own segment: left empty, the locale uses en's (shown as the placeholder).
 */
export function PageSlugInput({
  locale = Lang.en,
  helperText,
  validate,
}: {
  locale?: Lang;
  helperText: string;
  validate?: Parameters<typeof TextInput>[0]['validate'];
}) {
  const translate = useTranslate();
  const record = useRecordContext<Pick<ContentDto, 'defaultSlug'>>();
  if (locale === Lang.en) return <TextInput source="slug" label="cms.fields.slug" validate={validate} helperText={helperText} fullWidth />;
  const language = locale.toUpperCase();
  return (
    <TextInput
      source="slug"
      label={translate('cms.pages.slug_in', { locale: language })}
      placeholder={record?.defaultSlug ?? undefined}
      validate={validate}
      helperText={translate('cms.pages.slug_locale_help', { locale: language, slug: record?.defaultSlug ?? '' })}
      fullWidth
    />
  );
}
