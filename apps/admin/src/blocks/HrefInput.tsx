import { localePath, type Lang, type SlugDto } from '@cms/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { required as requiredValidator, useGetList, useGetMany, useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import { useBlockLocale } from './block-editor-context';
import { isAllowedLink } from './rich-text/allowed-html';

interface SitePage {
  path: string;
  title: string;
}

/** The site's pages by title (the container's or the content's), with their address in the locale. */
function useSitePages(locale: Lang): SitePage[] {
  const { data: slugs } = useGetList<SlugDto & { id: number }>(
    'slugs',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'full', order: 'ASC' } },
    { staleTime: 60_000 },
  );
  const containerIds = [
    ...new Set((slugs ?? []).filter((slug) => slug.contentId === null && slug.containerId !== null).map((slug) => slug.containerId as number)),
  ];
  const contentIds = [...new Set((slugs ?? []).map((slug) => slug.contentId).filter((id): id is number => id !== null))];
  const { data: containers } = useGetMany<{ id: number; title: string }>(
    'containers',
    { ids: containerIds },
    { enabled: containerIds.length > 0, staleTime: 60_000 },
  );
  const { data: contents } = useGetMany<{ id: number; title: string }>('contents', { ids: contentIds }, { enabled: contentIds.length > 0, staleTime: 60_000 });
  return useMemo(() => {
    const titles = new Map<string, string>();
    for (const container of containers ?? []) titles.set(`c${container.id}`, container.title);
    for (const content of contents ?? []) titles.set(`t${content.id}`, content.title);
    return (slugs ?? []).map((slug) => ({
      path: localePath(locale, slug.path),
      title: (slug.contentId !== null ? titles.get(`t${slug.contentId}`) : titles.get(`c${slug.containerId}`)) ?? slug.path,
    }));
  }, [slugs, containers, contents, locale]);
}

const validHref: Validator = (value: unknown) =>
  typeof value !== 'string' || value.trim() === '' || isAllowedLink(value.trim()) ? undefined : 'cms.blocks.href_invalid';

/** A link target: one of the site's pages picked by title, or any path or URL typed in. */
export function HrefInput({ source, label, required }: { source: string; label: string; required?: boolean }) {
  const translate = useTranslate();
  const locale = useBlockLocale();
  const pages = useSitePages(locale);
  const { field, fieldState, id, isRequired } = useInput({ source, validate: required ? [requiredValidator(), validHref] : validHref });
  const value = typeof field.value === 'string' ? field.value : '';
  const page = pages.find((entry) => entry.path === value.trim());
  const error = fieldState.error?.message;
  const where =
    value.trim() === ''
      ? translate('cms.blocks.href_help')
      : page
        ? translate('cms.blocks.href_page', { title: page.title })
        : value.startsWith('#')
          ? translate('cms.blocks.href_anchor')
          : value.startsWith('/')
            ? translate('cms.blocks.href_path')
            : translate('cms.blocks.href_external', { url: value });
  return (
    <Autocomplete<SitePage, false, false, true>
      freeSolo
      id={id}
      options={pages}
      inputValue={value}
      onInputChange={(_event, text) => field.onChange(text)}
      onChange={(_event, choice) => field.onChange(typeof choice === 'string' ? choice : (choice?.path ?? ''))}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.path)}
      filterOptions={(options, state) => {
        const words = state.inputValue.trim().toLowerCase();
        return words === '' ? options : options.filter((option) => option.title.toLowerCase().includes(words) || option.path.toLowerCase().includes(words));
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <ListItemText primary={option.title} secondary={option.path} />
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={isRequired ? `${label} *` : label}
          onBlur={field.onBlur}
          error={!!error && (fieldState.isTouched || fieldState.invalid)}
          helperText={error ? <ValidationError error={error} /> : where}
          size="small"
        />
      )}
      sx={{ minWidth: 280, flex: 1 }}
    />
  );
}
