import type { CreateInvitationRequest, InvitationDto } from '@cms/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ForwardToInbox from '@mui/icons-material/ForwardToInbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useCanAccess, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useChoices } from '../components/ChoiceInput';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

const INVITATIONS_KEY = ['invitations'] as const;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The "Invite by e-mail" button of the Users screen and its dialog (e-mail and role). */
export function InviteButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  const roles = useChoices('roles');
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState('');
  const invite = useMutation({
    mutationFn: async (body: CreateInvitationRequest) => (await httpClient(`${API_URL}/invitations`, { method: 'POST', body: JSON.stringify(body) })).json,
    onSuccess: async () => {
      notify('cms.accounts.invitation_sent', { type: 'success', messageArgs: { email: email.trim() } });
      setOpen(false);
      setEmail('');
      setRoleId('');
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
    },
    onError: (error) => notify(errorText(error), { type: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !roleId) return;
    // The mail speaks the inviter's language: the invited person has none yet.
    invite.mutate({ email: email.trim(), roleId, locale: locale as CreateInvitationRequest['locale'] });
  };
  return (
    <>
      <Button size="small" startIcon={<ForwardToInbox />} onClick={() => setOpen(true)} data-testid="invite-user">
        {translate('cms.accounts.invite')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle>{translate('cms.accounts.invite_title')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('cms.accounts.invite_intro')}
            </Typography>
            <TextField
              label={translate('cms.fields.email')}
              name="inviteEmail"
              type="email"
              autoFocus
              fullWidth
              margin="normal"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              select
              label={translate('cms.fields.role')}
              name="inviteRole"
              fullWidth
              margin="normal"
              required
              value={roleId}
              onChange={(event) => setRoleId(event.target.value)}
            >
              {(roles.data ?? []).map((role) => (
                <MenuItem key={String(role.id)} value={String(role.id)}>
                  {role.title}
                </MenuItem>
              ))}
            </TextField>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={invite.isPending || !email.trim() || !roleId}>
              {translate('cms.accounts.invite_send')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}

/** Pending invitations under the users list, with Resend and Revoke for those who may invite. */
export function PendingInvitations() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess: canInvite } = useCanAccess({ resource: 'users', action: 'create' });
  // Role names where the reader may see them (the choices open with the rights to create or edit users), else the keys.
  const roles = useChoices('roles');
  const roleName = (id: string) => roles.data?.find((role) => String(role.id) === id)?.title ?? id;
  const { data } = useQuery({
    queryKey: INVITATIONS_KEY,
    queryFn: async () => (await httpClient(`${API_URL}/invitations`)).json as InvitationDto[],
  });
  const act = useMutation({
    mutationFn: async ({ invitation, action }: { invitation: InvitationDto; action: 'resend' | 'revoke' }) =>
      httpClient(action === 'resend' ? `${API_URL}/invitations/${invitation.id}/resend` : `${API_URL}/invitations/${invitation.id}`, {
        method: action === 'resend' ? 'POST' : 'DELETE',
      }),
    onSuccess: async (_answer, { invitation, action }) => {
      notify(action === 'resend' ? 'cms.accounts.invitation_resent' : 'cms.accounts.invitation_revoked', {
        type: 'success',
        messageArgs: { email: invitation.email },
      });
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
    },
    onError: (error) => notify(errorText(error), { type: 'error' }),
  });
  if (!data?.length) return null;
  return (
    <Card sx={{ mt: 2 }} data-testid="pending-invitations">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('cms.accounts.pending_title')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('cms.fields.email')}</TableCell>
              <TableCell>{translate('cms.fields.role')}</TableCell>
              <TableCell>{translate('cms.accounts.invited_by')}</TableCell>
              <TableCell>{translate('cms.accounts.expires')}</TableCell>
              {canInvite && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((invitation) => (
              <TableRow key={invitation.id}>
                <TableCell>{invitation.email}</TableCell>
                <TableCell>{roleName(invitation.roleId)}</TableCell>
                <TableCell>{invitation.invitedByName}</TableCell>
                <TableCell>
                  {invitation.expired ? (
                    <Chip size="small" color="warning" label={translate('cms.accounts.expired')} />
                  ) : (
                    new Date(invitation.expiresAt).toLocaleString()
                  )}
                </TableCell>
                {canInvite && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" disabled={act.isPending} onClick={() => act.mutate({ invitation, action: 'resend' })}>
                      {translate('cms.accounts.resend')}
                    </Button>
                    <Button size="small" color="error" disabled={act.isPending} onClick={() => act.mutate({ invitation, action: 'revoke' })}>
                      {translate('cms.accounts.revoke')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
