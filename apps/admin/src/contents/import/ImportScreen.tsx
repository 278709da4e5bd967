import { BULK_BATCH_SIZE, type BulkContentsResult, type BulkItemError, type ContainerDto, type ContainerSummary } from '@cms/contracts';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { HttpError, Title, useBasename, useCanAccess, useGetList, useGetOne, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { API_URL } from '../../http/api-request';
import { httpClient } from '../../http/http-client';
import { AccessDenied } from '../../layout/AccessDenied';
import { ImportFileError, readImportFile } from './import-file';
import {
  IGNORE,
  initialMapping,
  itemsOf,
  problemsByRow,
  rememberedMapping,
  rememberMapping,
  targetKey,
  targetsOf,
  type ImportFile,
  type ImportTarget,
  type TargetKey,
} from './import-mapping';

/** Rows shown (and checked by a dry run) before the import. */
const PREVIEW_ROWS = 10;

type Outcome = { ok: true; result: BulkContentsResult } | { ok: false; message: string; problems: BulkItemError[] };

/** POST /api/contents/bulk of some items: what it answered, a refusal included (its problems by item). */
async function sendBatch(items: unknown[], dryRun: boolean): Promise<Outcome> {
  try {
    const { json } = await httpClient(`${API_URL}/contents/bulk${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', body: JSON.stringify({ items }) });
    return { ok: true, result: json as BulkContentsResult };
  } catch (error) {
    const body = error instanceof HttpError ? (error.body as { itemErrors?: BulkItemError[] } | null) : null;
    return { ok: false, message: (error as Error).message, problems: body?.itemErrors ?? [] };
  }
}

/**
 * Progress of an import kept in the browser, so that a failed or interrupted one continues where it
 * stopped with the same file, or with the file as corrected (same name and number of rows).
 */
const progressKey = (containerId: number, file: ImportFile) => `cms-import-progress.${containerId}.${file.name}.${file.rows.length}`;
function storedProgress(containerId: number, file: ImportFile): number {
  const done = Number(localStorage.getItem(progressKey(containerId, file)));
  return Number.isInteger(done) && done > 0 && done < file.rows.length ? done : 0;
}
function storeProgress(containerId: number, file: ImportFile, done: number | null): void {
  try {
    if (done === null) localStorage.removeItem(progressKey(containerId, file));
    else localStorage.setItem(progressKey(containerId, file), String(done));
  } catch {
    // Without storage, a reload starts again from the first row the screen shows.
  }
}

type Run =
  | { state: 'idle'; done: number }
  | { state: 'running'; done: number }
  | { state: 'failed'; done: number; batch: number; message: string; problems: Map<number, BulkItemError[]> }
  | { state: 'finished'; done: number; created: number };

const OWN_LABELS = {
  title: 'cms.import.target_title',
  slug: 'cms.import.target_slug',
  published: 'cms.import.target_published',
  status: 'cms.import.target_status',
} as const;

function useTargetLabel(fields: ContainerDto['fields']) {
  const translate = useTranslate();
  return (target: ImportTarget) => {
    if (target.kind === 'ignore') return translate('cms.import.target_ignore');
    if (target.kind !== 'field') return translate(OWN_LABELS[target.kind]);
    const field = fields.find((f) => f.name === target.name);
    return `${field?.label ?? target.name} (${target.locale.toUpperCase()})`;
  };
}

function FilePicker({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
        bgcolor: over ? 'action.hover' : undefined,
      }}
      data-testid="import-drop-zone"
    >
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('cms.import.drop_here')}
      </Typography>
      <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} /> : <UploadFile />} onClick={() => input.current?.click()} disabled={busy}>
        {translate('cms.import.choose_file')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept=".csv,.json,text/csv,application/json"
        aria-label={translate('cms.import.choose_file')}
        data-testid="import-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </Box>
  );
}

/**
 * Import (issue 28): a CSV or JSON file into a container. Each column is mapped to the content's
 * title, slug, published, status or a field in a locale (guessed from its name, remembered per
 * container in this browser); the first rows are checked by a dry run and shown with their
 * problems; then the rows go in batches of 500, each all or nothing, with a progress bar. A batch
 * that fails stops the import there: what went in stays, the problems are shown by row, and
 * Resume continues from that batch (also after a reload, with the same file).
 */
export function ImportScreen() {
  const translate = useTranslate();
  const basename = useBasename();
  const [params, setParams] = useSearchParams();
  const containerId = Number(params.get('container')) || undefined;
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'contents', action: 'import' });
  const containers = useGetList<ContainerSummary & { id: number }>(
    'containers',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'title', order: 'ASC' } },
    { enabled: !!canAccess },
  );
  const container = useGetOne<ContainerDto>('containers', { id: containerId }, { enabled: !!containerId && !!canAccess });
  const fields = useMemo(() => container.data?.fields ?? [], [container.data]);
  const label = useTargetLabel(fields);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<string, TargetKey>>({});
  const [run, setRun] = useState<Run>({ state: 'idle', done: 0 });

  useEffect(() => {
    if (file && containerId && container.data) {
      setMapping(initialMapping(file.columns, container.data.fields, rememberedMapping(containerId)));
      setRun({ state: 'idle', done: storedProgress(containerId, file) });
    }
  }, [file, containerId, container.data]);

  const ready = !!file && !!containerId && !!container.data && Object.keys(mapping).length > 0;
  const mapped = ready ? file.columns.filter((column) => mapping[column] && mapping[column] !== IGNORE) : [];
  const preview = useQuery({
    queryKey: ['import-preview', containerId, file?.name, file?.size, JSON.stringify(mapping)],
    queryFn: () => sendBatch(itemsOf(file!, 0, PREVIEW_ROWS, mapping, containerId!, fields), true),
    enabled: ready && mapped.length > 0,
    retry: false,
  });
  const previewProblems = preview.data && !preview.data.ok ? problemsByRow(preview.data.problems, 0) : new Map<number, BulkItemError[]>();

  if (checking) return <CircularProgress size={24} sx={{ m: 3 }} />;
  if (!canAccess) return <AccessDenied />;

  const total = file?.rows.length ?? 0;
  const batches = Math.ceil(total / BULK_BATCH_SIZE);
  const chooseFile = async (chosen: File) => {
    setReading(true);
    setFileError(null);
    try {
      setFile(await readImportFile(chosen));
    } catch (error) {
      setFile(null);
      setFileError(
        error instanceof ImportFileError
          ? translate(`cms.import.file_errors.${error.reason}`, { detail: error.detail })
          : translate('cms.import.file_errors.json', { detail: String(error) }),
      );
    } finally {
      setReading(false);
    }
  };
  const importFrom = async (start: number) => {
    if (!file || !containerId) return;
    rememberMapping(containerId, mapping);
    let done = start;
    setRun({ state: 'running', done });
    while (done < total) {
      const items = itemsOf(file, done, BULK_BATCH_SIZE, mapping, containerId, fields);
      const outcome = await sendBatch(items, false);
      if (!outcome.ok) {
        setRun({
          state: 'failed',
          done,
          batch: Math.floor(done / BULK_BATCH_SIZE) + 1,
          message: outcome.message,
          problems: problemsByRow(outcome.problems, done),
        });
        return;
      }
      done += items.length;
      storeProgress(containerId, file, done < total ? done : null);
      setRun({ state: 'running', done });
    }
    setRun({ state: 'finished', done, created: done - start });
  };
  const listHref = `${basename}/contents?container=${containerId}`;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="cms.import.title" />
      <CardContent>
        <Stack spacing={3} sx={{ maxWidth: 1100 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('cms.import.intro', { batch: BULK_BATCH_SIZE })}
          </Typography>
          <TextField
            select
            label={translate('cms.import.container')}
            value={containerId ?? ''}
            onChange={(event) => {
              setParams({ container: String(event.target.value) });
              setRun({ state: 'idle', done: 0 });
            }}
            sx={{ maxWidth: 360 }}
            disabled={run.state === 'running'}
            helperText={containers.isPending ? translate('cms.import.loading') : undefined}
            data-testid="import-container"
          >
            {(containers.data ?? []).map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.title}
              </MenuItem>
            ))}
          </TextField>
          {containers.error ? <Alert severity="error">{translate('cms.import.error', { error: (containers.error as Error).message })}</Alert> : null}
          {!containers.isPending && (containers.data ?? []).length === 0 && <Alert severity="info">{translate('cms.import.no_containers')}</Alert>}
          {containerId && container.isPending && <CircularProgress size={24} aria-label={translate('cms.import.loading')} />}
          {container.error ? <Alert severity="error">{translate('cms.import.error', { error: (container.error as Error).message })}</Alert> : null}

          {container.data && run.state !== 'running' && <FilePicker onFile={(chosen) => void chooseFile(chosen)} busy={reading} />}
          {fileError && <Alert severity="error">{fileError}</Alert>}

          {ready && (
            <>
              <Typography variant="subtitle1">
                {translate('cms.import.file_summary', { name: file.name, smart_count: total, columns: file.columns.length })}
              </Typography>

              <Box>
                <Typography variant="h6" component="h2" gutterBottom>
                  {translate('cms.import.mapping_title')}
                </Typography>
                <Table size="small" aria-label={translate('cms.import.mapping_title')} data-testid="import-mapping">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('cms.import.column')}</TableCell>
                      <TableCell>{translate('cms.import.first_value')}</TableCell>
                      <TableCell>{translate('cms.import.goes_to')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {file.columns.map((column) => (
                      <TableRow key={column}>
                        <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                          {column}
                        </TableCell>
                        <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                          {shown(file.rows[0]?.[column])}
                        </TableCell>
                        <TableCell sx={{ minWidth: 240 }}>
                          <TextField
                            select
                            size="small"
                            fullWidth
                            value={mapping[column] ?? IGNORE}
                            onChange={(event) => setMapping({ ...mapping, [column]: event.target.value })}
                            disabled={run.state === 'running'}
                            inputProps={{ 'aria-label': translate('cms.import.goes_to_of', { column }) }}
                            data-testid={`import-map-${column}`}
                          >
                            {targetsOf(fields).map((target) => (
                              <MenuItem key={targetKey(target)} value={targetKey(target)}>
                                {label(target)}
                              </MenuItem>
                            ))}
                          </TextField>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>

              <Box>
                <Typography variant="h6" component="h2" gutterBottom>
                  {translate('cms.import.preview_title', { smart_count: Math.min(PREVIEW_ROWS, total) })}
                </Typography>
                {mapped.length === 0 ? (
                  <Alert severity="info">{translate('cms.import.nothing_mapped')}</Alert>
                ) : preview.isPending ? (
                  <CircularProgress size={24} aria-label={translate('cms.import.checking')} />
                ) : preview.data?.ok ? (
                  <Alert severity="success">{translate('cms.import.preview_ok', { smart_count: Math.min(PREVIEW_ROWS, total) })}</Alert>
                ) : (
                  <Alert severity="warning">{translate('cms.import.preview_problems', { smart_count: previewProblems.size })}</Alert>
                )}
                {mapped.length > 0 && (
                  <Box sx={{ overflowX: 'auto', mt: 1 }}>
                    <Table size="small" aria-label={translate('cms.import.preview_table')} data-testid="import-preview">
                      <TableHead>
                        <TableRow>
                          <TableCell>#</TableCell>
                          {mapped.map((column) => (
                            <TableCell key={column}>{label(targetsOf(fields).find((t) => targetKey(t) === mapping[column]) ?? { kind: 'ignore' })}</TableCell>
                          ))}
                          <TableCell>{translate('cms.import.problems')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {file.rows.slice(0, PREVIEW_ROWS).map((row, at) => {
                          const problems = previewProblems.get(at + 1);
                          return (
                            <TableRow
                              key={at}
                              sx={problems ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) } : undefined}
                              data-row-error={!!problems}
                            >
                              <TableCell>{at + 1}</TableCell>
                              {mapped.map((column) => (
                                <TableCell key={column} sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                                  {shown(row[column])}
                                </TableCell>
                              ))}
                              <TableCell sx={{ color: 'error.main', minWidth: 220 }}>
                                {problems?.map((problem, index) => (
                                  <div key={index}>
                                    <strong>{problem.field || translate('cms.import.the_row')}</strong>: {problem.message}
                                  </div>
                                ))}
                              </TableCell>
                            </TableRow>
                          );
                        })}
                      </TableBody>
                    </Table>
                  </Box>
                )}
              </Box>

              <Box>
                <Typography variant="h6" component="h2" gutterBottom>
                  {translate('cms.import.run_title')}
                </Typography>
                {run.state !== 'finished' && (
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
                    {/* Once rows are in, only Resume: the rows before it are never sent twice. */}
                    {run.state === 'failed' || (run.state === 'idle' && run.done > 0) ? (
                      <Button variant="contained" onClick={() => void importFrom(run.done)} data-testid="import-resume">
                        {translate('cms.import.resume', { row: run.done + 1 })}
                      </Button>
                    ) : (
                      <Button
                        variant="contained"
                        onClick={() => void importFrom(0)}
                        disabled={run.state === 'running' || mapped.length === 0}
                        data-testid="import-start"
                      >
                        {translate('cms.import.start', { smart_count: total })}
                      </Button>
                    )}
                    <Typography variant="body2" color="text.secondary">
                      {translate('cms.import.batches', { smart_count: batches, batch: BULK_BATCH_SIZE })}
                    </Typography>
                  </Stack>
                )}
                {(run.state !== 'idle' || run.done > 0) && (
                  <Box data-testid="import-progress">
                    <LinearProgress
                      variant="determinate"
                      value={total ? (run.done * 100) / total : 0}
                      color={run.state === 'failed' ? 'error' : run.state === 'finished' ? 'success' : 'primary'}
                      aria-label={translate('cms.import.progress', { done: run.done, total })}
                      sx={{ height: 8, borderRadius: 4 }}
                    />
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      {translate('cms.import.progress', { done: run.done, total })}
                    </Typography>
                  </Box>
                )}
                {run.state === 'failed' && (
                  <Alert severity="error" sx={{ mt: 2 }} data-testid="import-failure">
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {translate('cms.import.failed', {
                        batch: run.batch,
                        batches,
                        from: run.done + 1,
                        to: Math.min(run.done + BULK_BATCH_SIZE, total),
                        done: run.done,
                      })}
                    </Typography>
                    {run.problems.size === 0 ? (
                      <Typography variant="body2">{run.message}</Typography>
                    ) : (
                      <Box component="ul" sx={{ m: 0, pl: 2 }}>
                        {[...run.problems.entries()].slice(0, 10).map(([row, problems]) => (
                          <li key={row}>
                            {translate('cms.import.row', { row })}:{' '}
                            {problems.map((p) => `${p.field || translate('cms.import.the_row')}: ${p.message}`).join('; ')}
                          </li>
                        ))}
                      </Box>
                    )}
                  </Alert>
                )}
                {run.state === 'finished' && (
                  <Alert severity="success" data-testid="import-summary">
                    <Typography variant="body2">{translate('cms.import.finished', { smart_count: run.created, total })}</Typography>
                    <MuiLink component={Link} to={listHref} underline="hover">
                      {translate('cms.import.see_contents', { title: container.data.title })}
                    </MuiLink>
                  </Alert>
                )}
              </Box>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A value of the file as a short text in a table cell. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
