import { changedFields, filledFields, type ResourceWrites, type Shape } from '../http/resource-writes';

/** The same rights in another order are the same role. */
const shape: Shape = (field, value) => (field === 'rights' && Array.isArray(value) ? [...value].map(String).sort() : value);

export const roleWrites: ResourceWrites = {
  apiPath: 'roles',
  changes: 'current-user',
  // A blank key is left out: the API derives it from the name. A role's key never changes.
  create: (data) => filledFields(['id', 'name', 'rights', 'requireTwoFactor'], data, shape),
  update: (data, previous) => changedFields(['name', 'rights', 'requireTwoFactor'], data, previous, shape),
};
