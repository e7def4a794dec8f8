/** @rifaria/shared/remote — what every remote needs around its App (standalone mount, mount-point lookup). */
export { mountStandalone } from './standalone';
export { useMountSegment } from './use-mount-segment';
