import { ContainerFieldType, FIELD_QUERY_OPERATORS, type ContainerFieldDto, type FieldQueryOperator } from '@cms/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { fieldConditionValue, type FieldCondition } from './field-conditions';

const OPERATOR_SIGNS: Partial<Record<FieldQueryOperator, string>> = { eq: '=', ne: '≠', lt: '<', lte: '≤', gt: '>', gte: '≥' };

/**
 * The contents list's filters on a container's field values: a field, an operator its type takes
 * and a value, added as a condition (shown as a chip that removes it). The conditions are the filter
 * `fieldConditions`, which the data provider sends as `fields.<name>` keys.
 */
export function FieldFilterInput({ fields, source = 'fieldConditions' }: { fields: ContainerFieldDto[]; source?: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { field: input } = useInput({ source });
  const conditions: FieldCondition[] = Array.isArray(input.value) ? (input.value as FieldCondition[]) : [];
  const [name, setName] = useState('');
  const [op, setOp] = useState<FieldQueryOperator | ''>('');
  const [text, setText] = useState('');
  const definition = fields.find((f) => f.name === name);
  const operators = definition ? FIELD_QUERY_OPERATORS[definition.type] : [];
  const value = definition && op ? fieldConditionValue(definition, op, text) : undefined;
  const opLabel = (o: FieldQueryOperator) => translate(`cms.field_filter.op.${o}`);

  const add = () => {
    if (!definition || !op || value === undefined) return;
    input.onChange([...conditions.filter((c) => !(c.name === definition.name && c.op === op)), { name: definition.name, op, value }]);
    setText('');
  };
  const describe = (c: FieldCondition) => {
    const label = fields.find((f) => f.name === c.name)?.label ?? c.name;
    const shown =
      c.op === 'null'
        ? translate(c.value ? 'cms.field_filter.empty' : 'cms.field_filter.not_empty')
        : typeof c.value === 'boolean'
          ? translate(c.value ? 'cms.field_filter.yes' : 'cms.field_filter.no')
          : Array.isArray(c.value)
            ? c.value.join(', ')
            : String(c.value);
    return `${label} ${OPERATOR_SIGNS[c.op] ?? opLabel(c.op)} ${shown}`;
  };

  const choices =
    definition && op === 'null'
      ? [
          ['true', translate('cms.field_filter.empty')],
          ['false', translate('cms.field_filter.not_empty')],
        ]
      : definition?.type === ContainerFieldType.BOOLEAN
        ? [
            ['true', translate('cms.field_filter.yes')],
            ['false', translate('cms.field_filter.no')],
          ]
        : definition?.type === ContainerFieldType.OPTION && op !== 'in'
          ? (definition.options ?? []).map((o) => [o, o])
          : null;
  const inputType = definition?.type === ContainerFieldType.DATE && op !== 'in' ? 'date' : 'text';

  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ mb: '4px', flexWrap: 'wrap', alignItems: 'center' }}
      role="group"
      aria-label={translate('cms.field_filter.title')}
    >
      <TextField
        select
        fullWidth={false}
        size="small"
        label={translate('cms.field_filter.field')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setOp('');
          setText('');
        }}
        sx={{ minWidth: 140 }}
        slotProps={{ htmlInput: { 'data-testid': 'field-filter-field' } }}
      >
        {fields.map((f) => (
          <MenuItem key={f.name} value={f.name}>
            {f.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth={false}
        size="small"
        disabled={!definition}
        label={translate('cms.field_filter.operator')}
        value={op}
        onChange={(event) => {
          setOp(event.target.value as FieldQueryOperator);
          setText('');
        }}
        sx={{ minWidth: 110 }}
        slotProps={{ htmlInput: { 'data-testid': 'field-filter-operator' } }}
      >
        {operators.map((o) => (
          <MenuItem key={o} value={o}>
            {opLabel(o)}
          </MenuItem>
        ))}
      </TextField>
      {choices ? (
        <TextField
          select
          fullWidth={false}
          size="small"
          disabled={!op}
          label={translate('cms.field_filter.value')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ minWidth: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'field-filter-value' } }}
        >
          {choices.map(([key, label]) => (
            <MenuItem key={key} value={key}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          fullWidth={false}
          size="small"
          type={inputType}
          disabled={!op}
          label={translate('cms.field_filter.value')}
          helperText={op === 'in' ? translate('cms.field_filter.in_help') : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          sx={{ minWidth: 140 }}
          slotProps={{ htmlInput: { 'data-testid': 'field-filter-value' }, inputLabel: inputType === 'date' ? { shrink: true } : undefined }}
        />
      )}
      <Button size="small" variant="outlined" disabled={value === undefined} onClick={add} data-testid="field-filter-add">
        {translate('cms.field_filter.add')}
      </Button>
      {conditions.map((c) => (
        <Chip
          key={`${c.name}-${c.op}`}
          label={describe(c)}
          onDelete={() => input.onChange(conditions.filter((other) => other !== c))}
          slotProps={{ root: { 'aria-label': translate('cms.field_filter.remove', { label: describe(c) }) } as object }}
          data-testid="field-filter-chip"
        />
      ))}
    </Stack>
  );
}
