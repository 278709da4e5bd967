import { cleanContent } from '../blocks/block-values';
import { filledFields, type Payload, type ResourceWrites } from '../http/resource-writes';

/** An element's content goes as its block's schema takes it (blank inputs left out). */
const cleaned = (data: Payload): Payload => ('content' in data ? { ...data, content: cleanContent(String(data.block ?? ''), data.content) } : data);

export const elementWrites: ResourceWrites = {
  create: (data) => filledFields(['title', 'block', 'content', 'formId', 'status'], cleaned(data)),
  // The record goes back whole: the API ignores the read-only properties it answered.
  update: (data) => cleaned(data),
};
