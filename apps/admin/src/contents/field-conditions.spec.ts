import { ContainerFieldType } from '@cms/contracts';
import { fieldConditionValue, withFieldConditions } from './field-conditions';

describe('field filters of the contents list', () => {
  it('types what the editor typed as the field takes it, or refuses it', () => {
    expect(fieldConditionValue({ type: ContainerFieldType.NUMBER }, 'gte', '10.5')).toBe(10.5);
    expect(fieldConditionValue({ type: ContainerFieldType.NUMBER }, 'gte', 'ten')).toBeUndefined();
    expect(fieldConditionValue({ type: ContainerFieldType.NUMBER }, 'in', '1, 2,3')).toEqual([1, 2, 3]);
    expect(fieldConditionValue({ type: ContainerFieldType.STRING }, 'in', 'a,b')).toEqual(['a', 'b']);
    expect(fieldConditionValue({ type: ContainerFieldType.STRING }, 'contains', '  ')).toBeUndefined();
    expect(fieldConditionValue({ type: ContainerFieldType.BOOLEAN }, 'eq', 'false')).toBe(false);
    expect(fieldConditionValue({ type: ContainerFieldType.CONTENT }, 'eq', '12')).toBe(12);
    expect(fieldConditionValue({ type: ContainerFieldType.DATE }, 'lt', '2026-01-31')).toBe('2026-01-31');
    expect(fieldConditionValue({ type: ContainerFieldType.LOCATION }, 'null', 'true')).toBe(true);
  });

  it('sends the conditions as fields.<name> keys, the operators of one field together', () => {
    const filter = {
      containerId: 3,
      fieldConditions: [
        { name: 'price', op: 'gte', value: 10 },
        { name: 'price', op: 'lt', value: 20 },
        { name: 'tags', op: 'eq', value: 'oak' },
      ],
    };
    expect(withFieldConditions(filter)).toEqual({ containerId: 3, 'fields.price': { gte: 10, lt: 20 }, 'fields.tags': { eq: 'oak' } });
    expect(withFieldConditions({ q: 'x' })).toEqual({ q: 'x' });
  });
});
