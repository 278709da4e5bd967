import { BLOCK_NAMES, BLOCKS, type BlockName, type BlockReference, type BlockTheme } from '@cms/contracts';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { useChoices, type ChoiceList } from '../components/ChoiceInput';
import { PickerDialog } from '../components/PickerDialog';
import { BlockEditor } from './BlockEditor';
import { BlockIcon, useBlockName } from './block-icons';
import { initialContent, summaryText } from './block-values';
import { SortableItem, SortableItems } from './SortableItems';
import { THEME_SWATCHES } from './ThemePicker';

interface SectionValue {
  block: string;
  content: Record<string, unknown>;
  formId?: number | null;
  elementId?: number | null;
  containerContentId?: number | null;
}

/** The blocks offered by the palette, each with its icon and name. */
function BlockPalette({ blocks, onPick, onClose }: { blocks: readonly BlockName[]; onPick: (block: BlockName) => void; onClose: () => void }) {
  const translate = useTranslate();
  const blockName = useBlockName();
  return (
    <PickerDialog titleId="block-palette-title" title={translate('cms.blocks.palette_title')} maxWidth="sm" onClose={onClose}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1.5, pt: 1 }}>
        {blocks.map((block) => (
          <ButtonBase
            key={block}
            onClick={() => onPick(block)}
            aria-label={blockName(block)}
            sx={{
              flexDirection: 'column',
              gap: 1,
              p: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              '&:hover, &:focus-visible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
            }}
          >
            <BlockIcon block={block} fontSize="large" />
            <Typography variant="body2" textAlign="center">
              {blockName(block)}
            </Typography>
          </ButtonBase>
        ))}
      </Box>
    </PickerDialog>
  );
}

/** A section's one-line summary: its first words, or the title of what it shows. */
const REFERENCE_CHOICES: Record<BlockReference, ChoiceList> = { formId: 'forms', elementId: 'elements', containerContentId: 'containers' };

function SectionSummary({ source, block }: { source: string; block: string }) {
  const content = useWatch({ name: `${source}.content` }) as Record<string, unknown> | undefined;
  const definition = (BLOCKS as Record<string, { reference?: BlockReference; content: Parameters<typeof summaryText>[0] }>)[block];
  const referenceId = useWatch({ name: `${source}.${definition?.reference ?? 'formId'}` }) as number | null | undefined;
  // The same narrow id + title list the reference picker reads (no VIEW_FORM needed).
  const { data: choices } = useChoices(REFERENCE_CHOICES[definition?.reference ?? 'formId']);
  const referenced = definition?.reference && typeof referenceId === 'number' ? choices?.find((choice) => choice.id === referenceId) : undefined;
  const translate = useTranslate();
  // The words it holds, else the title of the form, element or container it shows.
  const text = summaryText(definition?.content ?? {}, content) || (definition?.reference ? (referenced?.title ?? '') : '');
  const theme = content?.theme as BlockTheme | undefined;
  return (
    <>
      {theme && THEME_SWATCHES[theme] && (
        <Box
          component="span"
          title={translate(`cms.blocks.themes.${theme}`)}
          sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: THEME_SWATCHES[theme], border: 1, borderColor: 'grey.500', flex: 'none' }}
        />
      )}
      <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0, flex: 1 }} data-testid="section-summary">
        {text || translate('cms.blocks.no_summary')}
      </Typography>
    </>
  );
}

interface SectionCardProps {
  source: string;
  index: number;
  block: string;
  open: boolean;
  disabled?: boolean;
  onToggle: (index: number) => void;
  onDuplicate: (index: number) => void;
  onRemove: (index: number) => void;
  id: string;
}

// Memoised: typing in one section re-renders that section, not the forty others.
const SectionCard = memo(function SectionCard({ source, index, block, open, disabled, onToggle, onDuplicate, onRemove, id }: SectionCardProps) {
  const translate = useTranslate();
  const blockName = useBlockName();
  const name = blockName(block);
  return (
    <SortableItem id={id} handleLabel={translate('cms.blocks.drag_section', { block: name, number: index + 1 })}>
      {(handle) => (
        <Paper variant="outlined" component="section" aria-label={translate('cms.blocks.section_label', { block: name, number: index + 1 })} sx={{ mb: 1.5 }}>
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, bgcolor: 'action.hover', borderBottom: open ? 1 : 0, borderColor: 'divider' }}
          >
            {!disabled && handle}
            <BlockIcon block={block} />
            <Typography variant="subtitle2" sx={{ flex: 'none' }}>
              {name}
            </Typography>
            <SectionSummary source={source} block={block} />
            <IconButton
              size="small"
              onClick={() => onToggle(index)}
              aria-expanded={open}
              aria-label={translate(open ? 'cms.blocks.collapse' : 'cms.blocks.expand')}
              title={translate(open ? 'cms.blocks.collapse' : 'cms.blocks.expand')}
            >
              {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </IconButton>
            {!disabled && (
              <>
                <IconButton
                  size="small"
                  onClick={() => onDuplicate(index)}
                  aria-label={translate('cms.blocks.duplicate')}
                  title={translate('cms.blocks.duplicate')}
                >
                  <ContentCopy fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => onRemove(index)} aria-label={translate('cms.blocks.remove')} title={translate('cms.blocks.remove')}>
                  <Delete fontSize="small" />
                </IconButton>
              </>
            )}
          </Box>
          {open && (
            <Box sx={{ px: 2, pt: 1, pb: 2 }}>
              <BlockEditor block={block} prefix={source} disabled={disabled} />
            </Box>
          )}
        </Paper>
      )}
    </SortableItem>
  );
});

/**
 * The sections at `source` as a page builder: blocks added from a palette, dragged into order,
 * collapsed to one line, duplicated, removed with an undo.
 */
export function SectionsBuilder({ source, disabled, reusableOnly = false }: { source: string; disabled?: boolean; reusableOnly?: boolean }) {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  const { fields, append, insert, remove, move } = useFieldArray({ name: source, keyName: '_key' as 'id' });
  const keys = fields.map((field) => (field as unknown as { _key: string })._key);
  // Sections already saved start folded; one just added or duplicated opens.
  const [openKeys, setOpenKeys] = useState<Set<string>>(() => new Set());
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [removed, setRemoved] = useState<{ index: number; value: SectionValue } | null>(null);
  const blocks = BLOCK_NAMES.filter((name) => !reusableOnly || BLOCKS[name].reusable);

  // A section that appears (added, duplicated, put back) opens; a whole new list (the record
  // loaded or reloaded after a save) starts folded.
  const known = useRef<Set<string> | null>(null);
  const keyList = keys.join(' ');
  useEffect(() => {
    const before = known.current;
    const fresh = keys.filter((key) => !before?.has(key));
    const reloaded = before !== null && before.size > 0 && keys.every((key) => !before.has(key));
    if (before !== null && !reloaded && fresh.length > 0) setOpenKeys((current) => new Set([...current, ...fresh]));
    known.current = new Set(keys);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyList]);

  // Stable callbacks for the memoised cards, reading the latest list through a ref.
  const latest = useRef({ keys, fields, getValues, insert, remove });
  latest.current = { keys, fields, getValues, insert, remove };
  const toggle = useCallback((index: number) => {
    const key = latest.current.keys[index];
    setOpenKeys((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const duplicate = useCallback(
    (index: number) => latest.current.insert(index + 1, structuredClone(latest.current.getValues(`${source}.${index}`)) as SectionValue),
    [source],
  );
  const removeAt = useCallback(
    (index: number) => {
      setRemoved({ index, value: structuredClone(latest.current.getValues(`${source}.${index}`)) as SectionValue });
      latest.current.remove(index);
    },
    [source],
  );
  const undo = () => {
    if (!removed) return;
    insert(Math.min(removed.index, fields.length), removed.value);
    setRemoved(null);
  };

  return (
    <Box sx={{ width: '100%' }}>
      {fields.length === 0 && (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          {translate('cms.blocks.no_sections')}
        </Typography>
      )}
      <SortableItems ids={keys} onMove={move}>
        <Box>
          {fields.map((field, index) => {
            const key = keys[index];
            return (
              <SectionCard
                key={key}
                id={key}
                source={`${source}.${index}`}
                index={index}
                block={(field as unknown as SectionValue).block}
                open={openKeys.has(key)}
                disabled={disabled}
                onToggle={toggle}
                onDuplicate={duplicate}
                onRemove={removeAt}
              />
            );
          })}
        </Box>
      </SortableItems>
      {!disabled && (
        <Button startIcon={<Add />} variant="outlined" onClick={() => setPaletteOpen(true)}>
          {translate('cms.blocks.add_section')}
        </Button>
      )}
      {paletteOpen && (
        <BlockPalette
          blocks={blocks}
          onClose={() => setPaletteOpen(false)}
          onPick={(block) => {
            setPaletteOpen(false);
            append({ block, content: initialContent(block), formId: null, elementId: null, containerContentId: null });
          }}
        />
      )}
      <Snackbar
        open={removed !== null}
        autoHideDuration={10_000}
        onClose={(_event, reason) => reason !== 'clickaway' && setRemoved(null)}
        message={translate('cms.blocks.section_removed')}
        action={
          <Button color="secondary" size="small" onClick={undo}>
            {translate('cms.blocks.undo')}
          </Button>
        }
      />
    </Box>
  );
}
