import { useLocation, useParams } from 'react-router-dom';

/**
 * Last segment of the path the shell mounted this remote at: 'perfil' under `/perfil/*`, 'configuracoes' under
 * `/configuracoes/*`. The splat param is what is left for our relative <Routes>, so the mount is pathname minus splat.
 */
export function useMountSegment(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const decoded = safeDecode(pathname);
  const base = decoded.slice(0, decoded.length - rest.length).replace(/\/+$/, '');
  return base.slice(base.lastIndexOf('/') + 1);
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
