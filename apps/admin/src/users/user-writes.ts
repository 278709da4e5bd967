import { changedFields, filledFields, isBlank, type ResourceWrites } from '../http/resource-writes';

export const userWrites: ResourceWrites = {
  changes: 'current-user',
  create: (data) => filledFields(['name', 'email', 'password', 'roleId', 'language'], data),
  /**
   * What changed: saving one's own name does not resend one's role (which the API refuses), a
   * blank password keeps the current one, and the current password goes only with a new one.
   */
  update: (data, previous) => {
    const payload = changedFields(['name', 'email', 'roleId', 'language'], data, previous);
    if (isBlank(data.password)) return payload;
    return isBlank(data.currentPassword)
      ? { ...payload, password: data.password }
      : { ...payload, password: data.password, currentPassword: data.currentPassword };
  },
  forget: ['password', 'currentPassword'],
};
