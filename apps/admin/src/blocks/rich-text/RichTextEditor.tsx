import Code from '@mui/icons-material/Code';
import DataObject from '@mui/icons-material/DataObject';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatClear from '@mui/icons-material/FormatClear';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import FormatStrikethrough from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import HorizontalRule from '@mui/icons-material/HorizontalRule';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { CanCommands, ChainedCommands } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { RichTextInput, type RichTextInputProps, useTiptapEditor } from 'ra-input-rich-text';
import { type ReactNode, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslate } from 'react-admin';
import { isAllowedLink } from './allowed-html';

/**
 * Only TipTap extensions whose HTML the API's allow-list keeps (RICH_TEXT_ALLOWED_TAGS): no
 * alignment, colour or highlight (style attributes), no h1, links without the target/rel the
 * sanitiser would rewrite. What the toolbar makes is what is saved.
 */
const HEADING_LEVELS = [2, 3, 4] as const;
// ra-input-rich-text carries its own copy of @tiptap/core: the types differ, the objects are the same.
const EDITOR_OPTIONS = {
  extensions: [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null, class: null }, isAllowedUri: (url: string) => isAllowedLink(url) },
      trailingNode: false,
    }),
  ],
} as unknown as RichTextInputProps['editorOptions'];

type Editor = NonNullable<ReturnType<typeof useTiptapEditor>>;

/** Re-renders the toolbar when the selection or the document changes. */
function useEditorTick(editor: Editor | null) {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!editor) return;
    editor.on('transaction', tick);
    return () => {
      editor.off('transaction', tick);
    };
  }, [editor]);
}

function ToolButton({
  value,
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  value: string;
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ToggleButton value={value} selected={!!active} disabled={disabled} onClick={onClick} aria-label={label} title={label} size="small">
      {children}
    </ToggleButton>
  );
}

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const translate = useTranslate();
  const [href, setHref] = useState<string>((editor.getAttributes('link').href as string | undefined) ?? '');
  const valid = href.trim() !== '' && isAllowedLink(href.trim());
  const apply = () => {
    if (!valid) return;
    (editor.chain().focus() as unknown as ChainedCommands).extendMarkRange('link').setLink({ href: href.trim() }).run();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="rich-text-link-title">
      <DialogTitle id="rich-text-link-title">{translate('cms.richtext.link_title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('cms.richtext.link_url')}
          value={href}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          error={href.trim() !== '' && !valid}
          helperText={translate('cms.richtext.link_help')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button onClick={apply} disabled={!valid} variant="contained">
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AllowListToolbar() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const [linking, setLinking] = useState(false);
  useEditorTick(editor);
  if (!editor) return null;
  const disabled = !editor.isEditable;
  const chain = () => editor.chain().focus() as unknown as ChainedCommands;
  const can = () => editor.can() as unknown as CanCommands;
  const level = HEADING_LEVELS.find((value) => editor.isActive('heading', { level: value }));
  const marks = [
    { value: 'bold', icon: <FormatBold fontSize="small" />, run: () => chain().toggleBold().run() },
    { value: 'italic', icon: <FormatItalic fontSize="small" />, run: () => chain().toggleItalic().run() },
    { value: 'underline', icon: <FormatUnderlined fontSize="small" />, run: () => chain().toggleUnderline().run() },
    { value: 'strike', icon: <FormatStrikethrough fontSize="small" />, run: () => chain().toggleStrike().run() },
    { value: 'code', icon: <Code fontSize="small" />, run: () => chain().toggleCode().run() },
  ];
  const blocks = [
    { value: 'bulletList', icon: <FormatListBulleted fontSize="small" />, run: () => chain().toggleBulletList().run() },
    { value: 'orderedList', icon: <FormatListNumbered fontSize="small" />, run: () => chain().toggleOrderedList().run() },
    { value: 'blockquote', icon: <FormatQuote fontSize="small" />, run: () => chain().toggleBlockquote().run() },
    { value: 'codeBlock', icon: <DataObject fontSize="small" />, run: () => chain().toggleCodeBlock().run() },
  ];
  return (
    <Box role="toolbar" aria-label={translate('cms.richtext.toolbar')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      <Select
        size="small"
        value={level ? String(level) : 'p'}
        disabled={disabled}
        inputProps={{ 'aria-label': translate('cms.richtext.level') }}
        onChange={(event) => {
          const value = event.target.value;
          if (value === 'p') chain().setParagraph().run();
          else
            chain()
              .setHeading({ level: Number(value) as (typeof HEADING_LEVELS)[number] })
              .run();
        }}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="p">{translate('cms.richtext.paragraph')}</MenuItem>
        {HEADING_LEVELS.map((value) => (
          <MenuItem key={value} value={String(value)}>
            {translate('cms.richtext.heading', { level: value })}
          </MenuItem>
        ))}
      </Select>
      <ToggleButtonGroup size="small">
        {marks.map((mark) => (
          <ToolButton
            key={mark.value}
            value={mark.value}
            label={translate(`cms.richtext.${mark.value}`)}
            active={editor.isActive(mark.value)}
            disabled={disabled}
            onClick={mark.run}
          >
            {mark.icon}
          </ToolButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup size="small">
        {blocks.map((block) => (
          <ToolButton
            key={block.value}
            value={block.value}
            label={translate(`cms.richtext.${block.value}`)}
            active={editor.isActive(block.value)}
            disabled={disabled}
            onClick={block.run}
          >
            {block.icon}
          </ToolButton>
        ))}
        <ToolButton
          value="horizontalRule"
          label={translate('cms.richtext.horizontalRule')}
          disabled={disabled}
          onClick={() => chain().setHorizontalRule().run()}
        >
          <HorizontalRule fontSize="small" />
        </ToolButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup size="small">
        <ToolButton value="link" label={translate('cms.richtext.link')} active={editor.isActive('link')} disabled={disabled} onClick={() => setLinking(true)}>
          <InsertLink fontSize="small" />
        </ToolButton>
        <ToolButton
          value="unlink"
          label={translate('cms.richtext.unlink')}
          disabled={disabled || !editor.isActive('link')}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        >
          <LinkOff fontSize="small" />
        </ToolButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup size="small">
        <ToolButton value="clear" label={translate('cms.richtext.clear')} disabled={disabled} onClick={() => chain().unsetAllMarks().clearNodes().run()}>
          <FormatClear fontSize="small" />
        </ToolButton>
        <ToolButton value="undo" label={translate('cms.richtext.undo')} disabled={disabled || !can().undo()} onClick={() => chain().undo().run()}>
          <Undo fontSize="small" />
        </ToolButton>
        <ToolButton value="redo" label={translate('cms.richtext.redo')} disabled={disabled || !can().redo()} onClick={() => chain().redo().run()}>
          <Redo fontSize="small" />
        </ToolButton>
      </ToggleButtonGroup>
      {linking && <LinkDialog editor={editor} onClose={() => setLinking(false)} />}
    </Box>
  );
}

/** The rich-text input of RICHTEXT fields and `html` block properties; loaded on demand (see LazyRichTextInput). */
export default function RichTextEditor(props: RichTextInputProps) {
  const translate = useTranslate();
  // The editable area is a textbox of its own: it carries the field's name (its <label> names nothing).
  const name = typeof props.label === 'string' && props.label ? translate(props.label, { _: props.label }) : translate('cms.a11y.rich_text');
  const editorOptions = useMemo(
    () => ({ ...EDITOR_OPTIONS, editorProps: { attributes: { 'aria-label': name } } }) as RichTextInputProps['editorOptions'],
    [name],
  );
  return (
    <RichTextInput
      {...props}
      editorOptions={editorOptions}
      toolbar={<AllowListToolbar />}
      sx={{
        '& .ProseMirror': { minHeight: 120 },
        '& .ProseMirror h2, & .ProseMirror h3, & .ProseMirror h4': { mt: 1, mb: 1 },
        '& .ProseMirror blockquote': { borderLeft: 4, borderColor: 'divider', ml: 0, pl: 2, color: 'text.secondary' },
        '& .ProseMirror pre': { bgcolor: 'action.hover', p: 1, borderRadius: 1, fontFamily: 'monospace' },
        '& .ProseMirror a': { color: 'primary.main' },
        ...props.sx,
      }}
    />
  );
}
