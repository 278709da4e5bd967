/** A container field's metadata object as editable name/value rows, and back. */
export interface MetadataRow {
  key: string;
  text: string;
  /** The value read was not text (a number, a flag, a list): what is typed is read back as JSON. */
  json: boolean;
}

export function toRows(value: unknown): MetadataRow[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).map(([key, item]) =>
    typeof item === 'string' ? { key, text: item, json: false } : { key, text: JSON.stringify(item), json: true },
  );
}

export function rowsToMetadata(rows: readonly MetadataRow[], previous: unknown): Record<string, unknown> | null {
  const named = rows.filter((row) => row.key.trim() !== '');
  if (named.length === 0) return previous && typeof previous === 'object' ? {} : null;
  const result: Record<string, unknown> = {};
  for (const row of named) {
    let value: unknown = row.text;
    if (row.json) {
      try {
        value = JSON.parse(row.text);
      } catch {
        value = row.text;
      }
    }
    result[row.key.trim()] = value;
  }
  return result;
}
