/**
 * The console's frame for a signed-in operator: the bar with their name, the navigation (every screen, then 'Sair')
 * and the screen. An expired or revoked operator session answers GET /api/admin/me with a 404: back to the login.
 */
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { Box, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { isHttpError } from '@rifaria/shared/api-client';
import { paths } from '@rifaria/shared/paths';
import { PRODUCT_NAME } from '@rifaria/shared/constants';
import { toast, useAction, useRequest } from '@rifaria/shared/ui';
import { getOperator, logout } from '../api/operator';
import { SECTIONS } from './sections';
import { Loaded } from './loaded';

export const LAYOUT_TEXTS = {
  brand: `${PRODUCT_NAME} · Operação`,
  navigation: 'Navegação da operação',
  signOut: 'Sair',
  signOutFailed: 'Não foi possível sair. Tente novamente.',
} as const;

export function ConsoleLayout() {
  const operator = useRequest(getOperator, []);
  const navigate = useNavigate();
  const leaving = useAction();
  if (operator.status === 'error' && isHttpError(operator.error, 404)) {
    return <Navigate to={paths.adminLogin.getHref()} replace />;
  }
  const signOut = () =>
    void leaving.run(
      async () => {
        await logout();
        navigate(paths.adminLogin.getHref(), { replace: true });
      },
      () => {
        toast.error(LAYOUT_TEXTS.signOutFailed);
        return LAYOUT_TEXTS.signOutFailed;
      },
    );
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: { xs: 'column', md: 'row' }, bgcolor: 'grey.50' }}>
      <Box
        component="aside"
        sx={{
          width: { md: 260 },
          flexShrink: 0,
          bgcolor: 'background.paper',
          borderRight: { md: 1 },
          borderColor: 'divider',
        }}
      >
        <Stack spacing={0.5} sx={{ p: 2 }}>
          <Typography sx={{ fontWeight: 800 }}>{LAYOUT_TEXTS.brand}</Typography>
          {operator.data ? (
            <Typography variant="body2" color="text.secondary">
              {operator.data.name}
            </Typography>
          ) : null}
        </Stack>
        <nav aria-label={LAYOUT_TEXTS.navigation}>
          <List dense sx={{ display: { xs: 'flex', md: 'block' }, overflowX: 'auto' }}>
            {Object.values(SECTIONS).map((section) => (
              <ListItemButton
                key={section.segment}
                component={NavLink}
                to={section.segment ? paths.admin.getHref(section.segment) : paths.admin.getHref()}
                end={section.segment === ''}
                sx={{ whiteSpace: 'nowrap', '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
              >
                <ListItemText primary={section.label} />
              </ListItemButton>
            ))}
            <ListItemButton onClick={signOut} disabled={leaving.busy}>
              <ListItemText primary={LAYOUT_TEXTS.signOut} />
            </ListItemButton>
          </List>
        </nav>
      </Box>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
        <Loaded state={operator} what="o painel de operação">
          {() => <Outlet />}
        </Loaded>
      </Box>
    </Box>
  );
}
