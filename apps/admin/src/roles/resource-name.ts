/**
 * The spec puts the roles screen at /admin/users/roles, so the react-admin resource is named
 * `users/roles`; the data provider sends its calls to /api/roles.
 */
export const ROLES_RESOURCE = 'users/roles';
