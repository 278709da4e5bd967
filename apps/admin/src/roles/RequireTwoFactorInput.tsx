import { isSuperAdmin } from '@cms/rights';
import { BooleanInput } from 'react-admin';
import { useAuth } from '../auth/AuthContext';

/** Whether the role's users must sign in with a second factor: the owner's (a super-admin's) call, as the API rules. */
export function RequireTwoFactorInput() {
  const { me } = useAuth();
  const owner = !!me && isSuperAdmin(me);
  return (
    <BooleanInput
      source="requireTwoFactor"
      label="cms.accounts.require_two_factor"
      helperText={owner ? 'cms.accounts.require_two_factor_help' : 'cms.accounts.require_two_factor_owner_only'}
      disabled={!owner}
    />
  );
}
