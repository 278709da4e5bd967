import type { WebhookDeliveryShape, WebhookDeliveryStatus } from '@cms/contracts';
import Refresh from '@mui/icons-material/Refresh';
import Replay from '@mui/icons-material/Replay';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

const STATUS_COLOURS: Record<WebhookDeliveryStatus, 'default' | 'success' | 'error'> = { pending: 'default', delivered: 'success', failed: 'error' };
const LOG_SIZE = 50;

export const eventLabel = (event: string) => `cms.webhooks.event_names.${event.replace('.', '_')}`;

/** The delivery log of one webhook (newest first, refreshed while something is pending), with "Send test" and "Send again". */
export function DeliveryLog({ webhookId }: { webhookId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const key = ['webhook-deliveries', webhookId];
  const deliveries = useQuery({
    queryKey: key,
    queryFn: async () => {
      const { json } = await httpClient(`${API_URL}/webhooks/${webhookId}/deliveries?range=${encodeURIComponent(JSON.stringify([0, LOG_SIZE - 1]))}`);
      return json as WebhookDeliveryShape[];
    },
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? 2000 : false),
  });
  const send = useMutation({
    mutationFn: async (path: string) => (await httpClient(`${API_URL}${path}`, { method: 'POST' })).json as WebhookDeliveryShape,
    onSuccess: (_delivery, path) => {
      notify(path.endsWith('/test') ? 'cms.webhooks.test_sent' : 'cms.webhooks.sent_again', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale) : '');

  return (
    <Card variant="outlined" sx={{ mt: 3 }} data-testid="webhook-deliveries">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {translate('cms.webhooks.deliveries')}
          </Typography>
          <Button size="small" startIcon={<Refresh />} onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
            {translate('cms.webhooks.refresh')}
          </Button>
          <Button
            size="small"
            variant="contained"
            startIcon={<Send />}
            onClick={() => send.mutate(`/webhooks/${webhookId}/test`)}
            disabled={send.isPending}
            data-testid="webhook-send-test"
          >
            {translate('cms.webhooks.send_test')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('cms.webhooks.deliveries_help')}
        </Typography>
        {deliveries.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
          </Box>
        ) : deliveries.isError ? (
          <Alert severity="error" role="alert">
            {translate('cms.webhooks.deliveries_error', { message: (deliveries.error as Error).message })}
          </Alert>
        ) : deliveries.data.length === 0 ? (
          <Typography variant="body2" sx={{ py: 2 }} data-testid="webhook-no-deliveries">
            {translate('cms.webhooks.no_deliveries')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('cms.webhooks.deliveries')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('cms.webhooks.at')}</TableCell>
                  <TableCell>{translate('cms.webhooks.event')}</TableCell>
                  <TableCell>{translate('cms.webhooks.status')}</TableCell>
                  <TableCell align="right">{translate('cms.webhooks.attempts')}</TableCell>
                  <TableCell>{translate('cms.webhooks.answer')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {deliveries.data.map((delivery) => (
                  <TableRow key={delivery.id} data-testid="webhook-delivery" data-status={delivery.status}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Typography variant="body2">{time(delivery.lastAttemptAt ?? delivery.createdAt)}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        #{delivery.id}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2">{translate(eventLabel(delivery.event))}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {delivery.record.type} {delivery.record.id}
                        {delivery.record.locales.length > 0 && delivery.record.locales.length < 5 ? ` (${delivery.record.locales.join(', ')})` : ''}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOURS[delivery.status]} label={translate(`cms.webhooks.statuses.${delivery.status}`)} />
                      {delivery.status === 'pending' && delivery.attempts > 0 && delivery.nextAttemptAt && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {translate('cms.webhooks.next_try', { time: time(delivery.nextAttemptAt) })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">{delivery.attempts}</TableCell>
                    <TableCell sx={{ maxWidth: 420 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {delivery.responseStatus ?? translate('cms.webhooks.no_answer')}
                        {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''}
                      </Typography>
                      {delivery.error && (
                        <Typography variant="caption" color="error" component="div" sx={{ wordBreak: 'break-word' }}>
                          {delivery.error}
                        </Typography>
                      )}
                      {delivery.responseBody && (
                        <Box
                          component="pre"
                          title={delivery.responseBody}
                          sx={{
                            m: 0,
                            mt: 0.5,
                            p: 0.5,
                            bgcolor: 'action.hover',
                            borderRadius: 1,
                            fontSize: 12,
                            maxHeight: 64,
                            overflow: 'auto',
                            whiteSpace: 'pre-wrap',
                            wordBreak: 'break-all',
                          }}
                        >
                          {delivery.responseBody}
                        </Box>
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {delivery.status !== 'pending' && (
                        <Button
                          size="small"
                          startIcon={<Replay />}
                          onClick={() => send.mutate(`/webhooks/deliveries/${delivery.id}/redeliver`)}
                          disabled={send.isPending}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {translate('cms.webhooks.send_again')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
