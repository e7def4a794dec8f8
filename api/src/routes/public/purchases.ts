import type { RoutesPlugin } from '../types';

// Filled in by issue 5 (work in progress in this session).
const routes: RoutesPlugin = async () => {};

export default routes;
