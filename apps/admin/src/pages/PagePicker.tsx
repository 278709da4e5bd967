import type { Lang, PageTreeNode } from '@cms/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { fetchLevel } from './page-tree-api';

/** The "none" choice of the picker: the top level of the site. */
export const TOP_LEVEL = 'top' as const;
export type PickedParent = PageTreeNode | typeof TOP_LEVEL;

const SEARCH_PAGE = 20;

/** What the user typed, once they stopped typing for a moment. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface PagePickerProps {
  /** The page chosen: a page, the top level, or null (none chosen yet). */
  value: PickedParent | null;
  onChange: (value: PickedParent | null) => void;
  /** The page being placed: it and the pages under it are never offered. */
  selfSlugId?: number | null;
  locale: Lang;
  label: string;
  helperText?: string;
  /** Shown in the empty input when nothing is chosen. */
  placeholder?: string;
  autoFocus?: boolean;
  id?: string;
}

/**
 * Picks a page of the site (searched by title or address, each shown with its address) or "none
 * (top level)". The page being placed and the pages under it are left out by the API (notUnder).
 * Keyboard: type to search, arrows to choose, Enter to pick.
 */
export function PagePicker({ value, onChange, selfSlugId, locale, label, helperText, placeholder, autoFocus, id }: PagePickerProps) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useSettled(input);
  // While the input shows the chosen page's title, the list offers the top level rather than that one title.
  const chosenText = value && value !== TOP_LEVEL ? value.title : value === TOP_LEVEL ? translate('cms.pages.top_level') : '';
  const q = search === chosenText ? '' : search;
  const { data, isFetching, error } = useQuery({
    queryKey: ['page-picker', locale, q, selfSlugId ?? null],
    queryFn: ({ signal }) => fetchLevel({ q: q || undefined, notUnder: selfSlugId ?? undefined, locale, count: SEARCH_PAGE }, signal),
    enabled: open,
    staleTime: 10_000,
  });
  const options: PickedParent[] = [TOP_LEVEL, ...(data?.items ?? [])];
  return (
    <Autocomplete<PickedParent, false, false, false>
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options}
      // The API searched already: every option it answered is shown.
      filterOptions={(all) => all}
      loading={isFetching}
      loadingText={translate('cms.pages.loading')}
      noOptionsText={error ? (error as Error).message : translate('cms.pages.no_match')}
      isOptionEqualToValue={(option, chosen) => (option === TOP_LEVEL ? chosen === TOP_LEVEL : chosen !== TOP_LEVEL && option.slugId === chosen.slugId)}
      getOptionLabel={(option) => (option === TOP_LEVEL ? translate('cms.pages.top_level') : option.title || option.path)}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} data-testid="page-option">
          <Box>
            <Typography variant="body2">{option === TOP_LEVEL ? translate('cms.pages.top_level') : option.title || option.path}</Typography>
            <Typography variant="caption" color="text.secondary">
              {option === TOP_LEVEL ? translate('cms.pages.top_level_help') : option.path}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={
            helperText ?? (data && data.total > data.items.length ? translate('cms.pages.more_matches', { count: data.total - data.items.length }) : ' ')
          }
          placeholder={placeholder}
          autoFocus={autoFocus}
          InputLabelProps={placeholder ? { ...params.InputLabelProps, shrink: true } : params.InputLabelProps}
        />
      )}
      sx={{ width: '100%', maxWidth: 640 }}
    />
  );
}
