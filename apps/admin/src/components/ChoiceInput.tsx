import type { Choice } from '@cms/contracts';
import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, SelectInput, type Validator } from 'react-admin';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

/**
 * The narrow id + title lists of the API. A picker reads them instead of the full list, which its
 * screen's user may not view (an editor of pages picks roles without VIEW_ROLE); the right that
 * opens each one is the `choices` cell of libs/rights' table.
 */
const CHOICE_PATHS = {
  roles: 'roles/choices',
  forms: 'forms/choices',
  elements: 'elements/choices',
  containers: 'containers/choices',
  /** The forms that received messages, for readers of messages without VIEW_FORM. */
  messageForms: 'messages/form-choices',
  /** The users the audit log names, for holders of ACCESS_SETTINGS without VIEW_USER. */
  auditUsers: 'audit/user-choices',
} as const;

export type ChoiceList = keyof typeof CHOICE_PATHS;

export function useChoices(list: ChoiceList) {
  return useQuery({
    queryKey: ['choices', list],
    queryFn: async () => (await httpClient(`${API_URL}/${CHOICE_PATHS[list]}`)).json as Choice<number | string>[],
  });
}

interface ChoiceInputProps {
  source: string;
  choicesOf: ChoiceList;
  label: string;
  autocomplete?: boolean;
  validate?: Validator | Validator[];
  disabled?: boolean;
  helperText?: string | false;
  emptyText?: string;
  parse?: (value: unknown) => unknown;
  sx?: object;
  fullWidth?: boolean;
  /** Read by react-admin's filter form when the input is a list filter. */
  alwaysOn?: boolean;
}

export function ChoiceInput({ choicesOf, autocomplete, alwaysOn: _alwaysOn, ...props }: ChoiceInputProps) {
  const { data, isPending } = useChoices(choicesOf);
  // Titles are data, not catalog keys: shown as they are.
  const common = { ...props, choices: data ?? [], optionText: 'title', optionValue: 'id', isPending, translateChoice: false };
  return autocomplete ? <AutocompleteInput {...common} /> : <SelectInput {...common} />;
}
