import type { RightType } from '@cms/contracts';
import { hasRight } from '@cms/rights';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useInput, useTranslate } from 'react-admin';
import { useAuth } from '../auth/AuthContext';
import { groupRights } from './right-groups';

const GROUPS = groupRights();

/**
 * The rights of a role as checkboxes grouped by what they govern. Rights the signed-in user does
 * not hold are greyed out: the API refuses to grant them.
 */
export function RightsInput({ source = 'rights', disabled = false }: { source?: string; disabled?: boolean }) {
  const { me } = useAuth();
  const translate = useTranslate();
  const { field } = useInput<RightType[]>({ source, defaultValue: [] });
  const selected = new Set<RightType>(Array.isArray(field.value) ? field.value : []);
  const grantable = (right: RightType) => !disabled && hasRight(me, right);

  const update = (next: Set<RightType>) => {
    field.onChange(GROUPS.flatMap((group) => group.rights.map((option) => option.right)).filter((right) => next.has(right)));
    field.onBlur();
  };
  const toggle = (right: RightType, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(right);
    else next.delete(right);
    update(next);
  };
  const toggleGroup = (rights: RightType[], checked: boolean) => {
    const next = new Set(selected);
    for (const right of rights.filter(grantable)) {
      if (checked) next.add(right);
      else next.delete(right);
    }
    update(next);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate('cms.roles.rights_selected', { count: selected.size })}
      </FormLabel>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '180px 1fr' },
          columnGap: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {GROUPS.map((group, index) => {
          const rights = group.rights.map((option) => option.right);
          const count = rights.filter((right) => selected.has(right)).length;
          const groupGrantable = rights.some(grantable);
          const background = index % 2 === 0 ? 'action.hover' : 'transparent';
          const groupLabel = translate(group.label, { _: group.fallback });
          return (
            <Box key={group.key} role="group" aria-label={groupLabel} sx={{ display: 'contents' }}>
              <Box sx={{ bgcolor: background, px: 1, display: 'flex', alignItems: 'center' }}>
                <FormControlLabel
                  label={<Typography sx={{ fontWeight: 600 }}>{groupLabel}</Typography>}
                  control={
                    <Checkbox
                      size="small"
                      checked={count === rights.length}
                      indeterminate={count > 0 && count < rights.length}
                      disabled={!groupGrantable}
                      onChange={(event) => toggleGroup(rights, event.target.checked)}
                      slotProps={{
                        input: {
                          'aria-label': translate('cms.roles.all_rights_of', { group: groupLabel }),
                          // "Some of them" is the native checkbox's indeterminate state, not aria-checked (axe: aria-conditional-attr).
                          'aria-checked': undefined,
                          ref: (input: HTMLInputElement | null) => {
                            if (input) input.indeterminate = count > 0 && count < rights.length;
                          },
                        },
                      }}
                    />
                  }
                />
              </Box>
              <Box sx={{ bgcolor: background, px: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
                {group.rights.map((option) => {
                  const checkbox = (
                    <FormControlLabel
                      key={option.right}
                      label={translate(option.label, { _: option.fallback })}
                      disabled={!grantable(option.right)}
                      control={
                        <Checkbox
                          size="small"
                          name={option.right}
                          checked={selected.has(option.right)}
                          onChange={(event) => toggle(option.right, event.target.checked)}
                        />
                      }
                    />
                  );
                  return grantable(option.right) || disabled ? (
                    checkbox
                  ) : (
                    <Tooltip key={option.right} title={translate('cms.roles.cannot_grant')}>
                      <span>{checkbox}</span>
                    </Tooltip>
                  );
                })}
              </Box>
            </Box>
          );
        })}
      </Box>
      <FormHelperText>{translate('cms.roles.rights_help')}</FormHelperText>
    </Box>
  );
}
