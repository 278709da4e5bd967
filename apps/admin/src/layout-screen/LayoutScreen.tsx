import { Lang, LAYOUT_SECTION_TYPES, type LayoutDto, RightType, type SectionInput, type SectionType } from '@cms/contracts';
import { hasRight } from '@cms/rights';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, ResourceContextProvider, SaveButton, Title, useNotify, useTranslate } from 'react-admin';
import { useAuth } from '../auth/AuthContext';
import { BlockLocaleContext } from '../blocks/block-editor-context';
import { SectionsBuilder } from '../blocks/SectionsBuilder';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { LocaleSwitcher } from '../components/LocaleSwitcher';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';
import { toSectionInput } from '../page-parts/page-parts-payload';
import { AccessDenied } from '../layout/AccessDenied';
import { conflictOf } from '../http/conflict';
import { etagKey, etags, ifMatch } from '../http/etags';
import { EditExtras } from '../history/EditExtras';
import { EditSessionProvider, useEditSession } from '../history/EditSession';
import { HistoryButton } from '../history/HistoryDrawer';
import type { HistoryTarget } from '../history/versions';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

type SectionValues = Pick<SectionInput, 'block' | 'content' | 'formId' | 'elementId' | 'containerContentId'>;
type LayoutValues = Record<SectionType, SectionValues[]>;

function toValues(layout: LayoutDto): LayoutValues {
  const values = {} as LayoutValues;
  for (const type of LAYOUT_SECTION_TYPES) {
    values[type] = layout.sections
      .filter((section) => section.type === type)
      .sort((a, b) => a.position - b.position)
      .map(({ block, content, formId, elementId, containerContentId }) => ({ block, content, formId, elementId, containerContentId }));
  }
  return values;
}

/**
 * The sections to send: every type the locale has, plus the en ones shown as fallback that were
 * edited (a type left as en's stays en's).
 */
function layoutPayload(values: LayoutValues, initial: LayoutValues, fallbackTypes: readonly SectionType[]): SectionInput[] {
  const sections: SectionInput[] = [];
  for (const type of LAYOUT_SECTION_TYPES) {
    const list = values[type] ?? [];
    if (fallbackTypes.includes(type) && JSON.stringify(list) === JSON.stringify(initial[type] ?? [])) continue;
    list.forEach((section, position) => sections.push(toSectionInput({ ...section }, type, position)));
  }
  return sections;
}

const LAYOUT_TARGET: HistoryTarget = { resource: 'layout' };
const LAYOUT_KEY = etagKey('layout', 0);

/** The layout as read in a locale; its version (ETag) is kept for the next save's If-Match. */
async function readLayout(locale: Lang, signal?: AbortSignal): Promise<LayoutDto> {
  const { json, headers } = await httpClient(`${API_URL}/layout?locale=${locale}`, { signal });
  etags.remember(LAYOUT_KEY, headers.get('ETag'));
  return json as LayoutDto;
}

export function LayoutScreen() {
  const [locale, setLocale] = useState<Lang>(Lang.en);
  return (
    <EditSessionProvider locale={locale} target={LAYOUT_TARGET}>
      <LayoutEditor locale={locale} setLocale={setLocale} />
    </EditSessionProvider>
  );
}

function LayoutEditor({ locale, setLocale }: { locale: Lang; setLocale(locale: Lang): void }) {
  const { me } = useAuth();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const session = useEditSession();
  const queryKey = ['layout', 'screen', locale];
  const { data, isPending, error } = useQuery({
    queryKey,
    queryFn: ({ signal }) => readLayout(locale, signal),
    retry: false,
  });
  if (!hasRight(me, RightType.VIEW_LAYOUT)) return <AccessDenied />;
  const canUpdate = hasRight(me, RightType.UPDATE_LAYOUT);

  const save = async (values: Record<string, unknown>) => {
    if (!data) return;
    const sections = layoutPayload(values as LayoutValues, toValues(data), data.fallbackTypes);
    try {
      // The layout's version goes with the save: someone else's newer save opens the conflict dialog.
      await etags.serialize(LAYOUT_KEY, async () => {
        const { headers } = await httpClient(`${API_URL}/layout?locale=${locale}`, {
          method: 'POST',
          body: JSON.stringify({ sections }),
          headers: new Headers({ 'Content-Type': 'application/json', ...ifMatch(etags, LAYOUT_KEY) }),
        });
        etags.remember(LAYOUT_KEY, headers.get('ETag'));
      });
      notify('cms.layout.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['layout', 'screen'] });
    } catch (failure) {
      const conflict = conflictOf(failure);
      if (conflict && session) session.setConflict(conflict);
      else notify((failure as Error).message, { type: 'error' });
    }
  };

  return (
    <ResourceContextProvider value="layout">
      <Title title="cms.layout.title" />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <LocaleSwitcher value={locale} onChange={setLocale} />
        <HistoryButton />
      </Stack>
      {isPending ? (
        <CenteredSpinner text={translate('cms.layout.loading')} />
      ) : error || !data ? (
        <Alert severity="error">{translate('cms.layout.load_error', { error: (error as Error)?.message ?? '' })}</Alert>
      ) : (
        <BlockLocaleContext.Provider value={locale}>
          <Form key={`${locale}-${JSON.stringify(data)}`} defaultValues={toValues(data)} onSubmit={save} {...UNSAVED_GUARD}>
            <EditExtras refetchVersion={() => readLayout(locale)} save={save} />
            {LAYOUT_SECTION_TYPES.map((type) => (
              <Card key={type} variant="outlined" sx={{ mb: 2 }} component="section" aria-label={translate(`cms.layout.sections.${type}`)}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {translate(`cms.layout.sections.${type}`)}
                  </Typography>
                  {data.fallbackTypes.includes(type) && (
                    <Typography variant="body2" color="warning.main">
                      {translate('cms.layout.fallback', { section: translate(`cms.layout.sections_lower.${type}`), locale })}
                    </Typography>
                  )}
                  <SectionsBuilder source={type} disabled={!canUpdate} />
                </CardContent>
              </Card>
            ))}
            {canUpdate && <SaveButton label="cms.layout.save" />}
          </Form>
        </BlockLocaleContext.Provider>
      )}
    </ResourceContextProvider>
  );
}
