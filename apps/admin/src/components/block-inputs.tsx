import { BLOCK_NAMES, BLOCKS, type BlockName, Lang } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { ArrayInput, required, SimpleFormIterator, useRecordContext, useTranslate } from 'react-admin';
import { ChoiceInput } from './ChoiceInput';
import { BlockEditor } from '../blocks/BlockEditor';
import { BlockLocaleContext } from '../blocks/block-editor-context';
import { SectionsBuilder } from '../blocks/SectionsBuilder';

/** Block names for a SelectInput; translated where they are shown (`translateChoice`, on by default). */
export const blockChoices = (reusableOnly: boolean) => BLOCK_NAMES.filter((name) => !reusableOnly || BLOCKS[name].reusable).map((name) => ({ id: name, name }));

/** A block choice reads "Rich text (richtext)" in the reader's language. */
export function useBlockChoiceText() {
  const translate = useTranslate();
  return (choice: { id: string }) =>
    translate('cms.blocks.choice', {
      label: translate(`cms.blocks.names.${choice.id}`, { _: BLOCKS[choice.id as BlockName]?.label ?? choice.id }),
      name: choice.id,
    });
}

/**
 * The content of an element (or any form whose `block` and `content` sit at `prefix`): the
 * inputs its block's schema calls for, and the reference it needs (form, element, container).
 */
export function BlockContentInputs({ prefix = '' }: { prefix?: string }) {
  const block = useWatch({ name: prefix ? `${prefix}.block` : 'block' }) as string | undefined;
  const record = useRecordContext<{ locale?: Lang }>();
  if (!block) return null;
  return (
    <BlockLocaleContext.Provider value={record?.locale ?? Lang.en}>
      <BlockEditor key={block} block={block} prefix={prefix} />
    </BlockLocaleContext.Provider>
  );
}

/**
 * The PAGE sections of a container or content in the form's locale, in order. `fallback`: the
 * locale has none and en's are shown; they are saved in the locale only if edited.
 */
export function PageSectionsInput({ fallback }: { fallback: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<{ locale?: Lang }>();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('cms.blocks.page_sections')}
      </Typography>
      {fallback && <Alert severity="info">{translate('cms.blocks.fallback')}</Alert>}
      <BlockLocaleContext.Provider value={record?.locale ?? Lang.en}>
        <SectionsBuilder source="sections" />
      </BlockLocaleContext.Provider>
    </>
  );
}

/** The roles that may read the page; none: everyone (a content without any takes its container's). */
export function AccessesInput({ helperText }: { helperText: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('cms.blocks.access')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(helperText)}
      </Typography>
      <ArrayInput source="accesses" label={false}>
        <SimpleFormIterator inline disableReordering>
          <ChoiceInput source="roleId" choicesOf="roles" label="cms.fields.role" validate={required()} helperText={false} sx={{ minWidth: 260 }} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
