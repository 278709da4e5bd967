import { Lang, type PageTreeNode } from '@cms/contracts';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { addressUnder, fetchPage } from './page-tree-api';
import { PagePicker, TOP_LEVEL, type PickedParent } from './PagePicker';

/**
 * The form's `parentSlugId`: a slug id, 0 for "none (top level)" chosen on purpose, null or
 * undefined when not chosen (the record's top level on an edit; on a new content, its container's page).
 */
export type ParentValue = number | null | undefined;

const parentPageKey = (id: number | null) => ['parent-page', id];

/** The parent page (null: the top level or none; undefined: still loading), read by its id once, or known from the pick. */
function useParentPage(parentId: ParentValue): PageTreeNode | null | undefined {
  const id = typeof parentId === 'number' && parentId > 0 ? parentId : null;
  const { data } = useQuery({ queryKey: parentPageKey(id), queryFn: () => fetchPage(id!, Lang.en), enabled: id !== null, staleTime: 60_000 });
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
      queryClient.setQueryData(parentPageKey(next.slugId), next);
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

/** The address the page gets from its slug and parent, shown under the slug input (`/company/about`). */
export function PageAddress({ defaultParentPath }: { defaultParentPath?: string | null }) {
  const translate = useTranslate();
  const value = useWatch({ name: 'parentSlugId' }) as ParentValue;
  const slug = (useWatch({ name: 'slug' }) as string | null | undefined)?.trim() ?? '';
  const parent = useParentPage(value);
  const byDefault = defaultParentPath !== undefined && (value === null || value === undefined);
  const base = byDefault ? defaultParentPath : parent === null ? null : parent?.path;
  const address = slug === '' ? null : base === undefined ? undefined : addressUnder(base, slug);
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
