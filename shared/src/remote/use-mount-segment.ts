import { useLocation, useParams } from 'react-router-dom';

/**
 * Last segment of the path the shell mounted a remote at (e.g. 'carteiras' under `/carteiras/*`, 'carteira' under
 * `/carteira/*`), for a remote mounted at several paths. The splat param is what is left for the remote's relative
 * <Routes>, so the mount is the pathname minus the splat.
 */
export function useMountSegment(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const decoded = safeDecode(pathname);
  const mount = decoded.slice(0, decoded.length - rest.length);
  // Its last non-empty segment (split, not /\/+$/, which walks a run of slashes once per slash).
  return mount.split('/').filter(Boolean).pop() ?? '';
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
