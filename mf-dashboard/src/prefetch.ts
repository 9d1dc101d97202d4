// The remote's second exposed module ('./prefetch'): small (no antd, only libraries the login page already shares),
// loaded by the shell's login page so the dashboard's data calls start from the sign-in answer (issue 19).
export { prefetchDashboard as prefetch } from './dashboard/prefetch';
