import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const AdminRolesPage = lazyPage(() => import('./components/admin-roles-page.tsx'), 'AdminRolesPage');

/** Staff roles; signed-in only, and the page (and the server) serve admins only. */
export const rolesRoutes: AppRoute[] = [{ path: '/admin/roles', access: 'signed-in', component: AdminRolesPage }];
