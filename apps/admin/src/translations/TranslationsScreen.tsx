import { type Lang, LANGS, TRANSLATION_STATUSES, type TranslationStatus, type TranslationSummaryRow } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Title, useBasename, useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { AccessDenied } from '../layout/AccessDenied';
import { STATUS_LOOK } from './TranslationChips';
import { fetchSummary, filteredContentsHref } from './translations-api';

type Counts = Record<TranslationStatus, number>;

/** The words of each count, for screen readers and the tooltip. */
const COUNT_LABELS: Record<TranslationStatus, string> = {
  complete: 'cms.translations.count_complete',
  missing: 'cms.translations.count_missing',
  outdated: 'cms.translations.count_outdated',
};

const zero = (): Counts => ({ complete: 0, missing: 0, outdated: 0 });
const percent = (counts: Counts) => {
  const total = counts.complete + counts.missing + counts.outdated;
  return total === 0 ? 100 : Math.floor((counts.complete * 100) / total);
};

/** A locale's counts in a container: how far it is, and each count a link to the contents that stand so. */
function CountsCell({ containerId, locale, counts }: { containerId: number; locale: Lang; counts: Counts }) {
  const translate = useTranslate();
  const basename = useBasename();
  const done = percent(counts);
  return (
    <Stack spacing={0.5} data-testid={`translation-cell-${containerId}-${locale}`}>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        {TRANSLATION_STATUSES.map((status) => {
          const count = counts[status];
          const label = translate(COUNT_LABELS[status], { smart_count: count, locale: locale.toUpperCase() });
          const look = STATUS_LOOK[status];
          const body = (
            <Stack direction="row" spacing={0.25} component="span" sx={{ alignItems: 'center', '& svg': { fontSize: 16 } }}>
              {look.icon}
              <span>{count}</span>
            </Stack>
          );
          return count === 0 ? (
            <Typography key={status} variant="body2" color="text.disabled" component="span" aria-label={label} title={label}>
              {body}
            </Typography>
          ) : (
            <MuiLink
              key={status}
              component={Link}
              to={filteredContentsHref(basename, containerId, locale, status)}
              color={`${look.color}.main`}
              underline="hover"
              variant="body2"
              aria-label={label}
              title={label}
              data-status={status}
            >
              {body}
            </MuiLink>
          );
        })}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={done}
        color={done === 100 ? 'success' : 'primary'}
        aria-label={translate('cms.translations.progress', { percent: done, locale: locale.toUpperCase() })}
        sx={{ height: 4, borderRadius: 2 }}
      />
    </Stack>
  );
}

/**
 * What is left to translate (issue 27): per container and locale, how many contents are complete,
 * missing fields or outdated (en changed since), with links to the contents list filtered to
 * them; above, each locale's progress over the whole site.
 */
export function TranslationsScreen() {
  const translate = useTranslate();
  const basename = useBasename();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'contents', action: 'list' });
  const summary = useQuery({ queryKey: ['translations', 'summary'], queryFn: ({ signal }) => fetchSummary(signal), enabled: !!canAccess, retry: false });
  if (checking) return <CircularProgress size={24} sx={{ m: 3 }} />;
  if (!canAccess) return <AccessDenied />;

  const rows = summary.data ?? [];
  const containers = [...new Map(rows.map((row) => [row.containerId, row.containerTitle])).entries()];
  const cell = new Map<string, Counts>();
  const totals = new Map<Lang, Counts>(LANGS.map((locale) => [locale, zero()]));
  for (const row of rows as TranslationSummaryRow[]) {
    const counts = { complete: row.complete, missing: row.missing, outdated: row.outdated };
    cell.set(`${row.containerId}:${row.locale}`, counts);
    const total = totals.get(row.locale)!;
    for (const status of TRANSLATION_STATUSES) total[status] += counts[status];
  }

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="cms.translations.title" />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
          {translate('cms.translations.intro')}
        </Typography>
        {summary.isPending ? (
          <CircularProgress size={24} aria-label={translate('cms.translations.loading')} />
        ) : summary.error ? (
          <Alert severity="error">{translate('cms.translations.error', { error: (summary.error as Error).message })}</Alert>
        ) : containers.length === 0 ? (
          <Typography color="text.secondary">{translate('cms.translations.empty')}</Typography>
        ) : (
          <>
            <Stack direction="row" spacing={3} sx={{ mb: 3, flexWrap: 'wrap' }} data-testid="translation-totals">
              {LANGS.map((locale) => {
                const done = percent(totals.get(locale)!);
                return (
                  <Box key={locale} sx={{ minWidth: 120 }}>
                    <Typography variant="overline">{locale.toUpperCase()}</Typography>
                    <Typography variant="h6" component="p">
                      {translate('cms.translations.percent_complete', { percent: done })}
                    </Typography>
                    <LinearProgress
                      variant="determinate"
                      value={done}
                      color={done === 100 ? 'success' : 'primary'}
                      aria-hidden
                      sx={{ height: 6, borderRadius: 3 }}
                    />
                  </Box>
                );
              })}
            </Stack>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={translate('cms.translations.table')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('cms.fields.container')}</TableCell>
                    {LANGS.map((locale) => (
                      <TableCell key={locale} sx={{ minWidth: 150 }}>
                        {locale.toUpperCase()}
                        {locale === 'en' && (
                          <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 0.5 }}>
                            {translate('cms.translations.source')}
                          </Typography>
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {containers.map(([containerId, title]) => (
                    <TableRow key={containerId} hover>
                      <TableCell component="th" scope="row">
                        <MuiLink component={Link} to={`${basename}/contents?container=${containerId}`} underline="hover">
                          {title}
                        </MuiLink>
                      </TableCell>
                      {LANGS.map((locale) => (
                        <TableCell key={locale}>
                          <CountsCell containerId={containerId} locale={locale} counts={cell.get(`${containerId}:${locale}`) ?? zero()} />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Stack direction="row" spacing={2} sx={{ mt: 2, color: 'text.secondary', '& svg': { fontSize: 16 } }}>
              {TRANSLATION_STATUSES.map((status) => (
                <Stack key={status} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Box component="span" sx={{ color: `${STATUS_LOOK[status].color}.main`, display: 'flex' }}>
                    {STATUS_LOOK[status].icon}
                  </Box>
                  <Typography variant="caption">{translate(`cms.translations.legend.${status}`)}</Typography>
                </Stack>
              ))}
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
