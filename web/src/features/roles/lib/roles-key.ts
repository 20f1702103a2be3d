/** GET /api/admin/roles: the users holding staff roles (admins only); granting or revoking reads it again. */
export const roleHoldersKey = ['/api/admin/roles'] as const;
