import { type ContainerDto, MEDIA_FIELD_TYPES } from '@cms/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useMemo, useState, type ReactNode } from 'react';
import { useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { contentFieldOf, type DiffRow, htmlToText, isHtml, mediaIdsOf } from './state-diff';
import { MediaThumbnails } from './MediaThumbnails';

/** A content's field definitions (labels, which fields hold media), from its container; none elsewhere. */
function useContentFields(): Map<string, { label: string; media: boolean }> {
  const record = useRecordContext<{ containerId?: number }>();
  const containerId = record?.containerId;
  const { data } = useGetOne<ContainerDto>('containers', { id: containerId ?? 0 }, { enabled: containerId !== undefined && containerId !== null });
  return useMemo(
    () => new Map((data?.fields ?? []).map((field) => [field.name, { label: field.label, media: MEDIA_FIELD_TYPES.includes(field.type) }])),
    [data],
  );
}

/** A path in words: each known part translated, locales by their code, list items numbered from 1. */
function usePathLabel(fields: Map<string, { label: string }>): (path: string) => string {
  const translate = useTranslate();
  return (path) => {
    const parts = path.split('.');
    return parts
      .map((part, index) => {
        if (/^\d+$/.test(part)) return `#${Number(part) + 1}`;
        if (parts[index - 1] === 'locales') return part.toUpperCase();
        if (parts[index - 1] === 'fields' && fields.has(part)) return fields.get(part)?.label ?? part;
        return translate(`cms.history.paths.${part}`, { _: part });
      })
      .filter((part) => part !== '')
      .join(' › ');
  };
}

function Value({ value, media }: { value: unknown; media: boolean }): ReactNode {
  const translate = useTranslate();
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return (
      <Typography variant="body2" color="text.disabled" sx={{ fontStyle: 'italic' }}>
        {translate('cms.history.empty_value')}
      </Typography>
    );
  }
  const ids = media ? mediaIdsOf(value) : [];
  if (ids.length > 0) return <MediaThumbnails ids={ids} />;
  let text: string;
  if (isHtml(value)) text = htmlToText(value);
  else if (typeof value === 'boolean') text = translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  else if (Array.isArray(value)) text = value.map(String).join(', ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}

/**
 * Two states side by side, field by field, the changed rows highlighted; by default only the
 * changes, with a switch to see every field.
 */
export function StateComparison({ rows, leftTitle, rightTitle }: { rows: DiffRow[]; leftTitle: ReactNode; rightTitle: ReactNode }) {
  const translate = useTranslate();
  const fields = useContentFields();
  const label = usePathLabel(fields);
  const [onlyChanges, setOnlyChanges] = useState(true);
  const shown = onlyChanges ? rows.filter((row) => row.changed) : rows;
  const isMedia = (path: string) => {
    const field = contentFieldOf(path);
    return field !== null && !!fields.get(field)?.media;
  };
  return (
    <Box data-testid="state-comparison">
      <FormControlLabel
        control={<Switch size="small" checked={onlyChanges} onChange={(event) => setOnlyChanges(event.target.checked)} />}
        label={translate('cms.history.only_changes')}
      />
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {translate('cms.history.no_changes')}
        </Typography>
      ) : (
        <Table size="small" sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '22%' }}>{translate('cms.history.field')}</TableCell>
              <TableCell sx={{ width: '39%' }}>{leftTitle}</TableCell>
              <TableCell sx={{ width: '39%' }}>{rightTitle}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow
                key={row.path}
                data-changed={row.changed || undefined}
                sx={row.changed ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12) } : undefined}
              >
                <TableCell sx={{ verticalAlign: 'top', fontWeight: row.changed ? 600 : undefined, overflowWrap: 'anywhere' }}>{label(row.path)}</TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <Value value={row.left} media={isMedia(row.path)} />
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <Value value={row.right} media={isMedia(row.path)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
