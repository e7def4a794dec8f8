import { useState, type ReactNode } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import {
  AppBar,
  Avatar,
  Box,
  ButtonBase,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
} from '@mui/material';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import { DEFAULT_PROFILE_DESCRIPTION, PROFILE_MENU_MAX_HEIGHT_PX } from '@rifaria/shared/constants';
import { firstName, initials } from '@rifaria/shared/format';
import {
  ChatIcon,
  ExpandMoreIcon,
  HomeIcon,
  LogoutIcon,
  MenuIcon,
  PersonIcon,
  SettingsIcon,
  TicketIcon,
  WalletIcon,
} from '@rifaria/shared/ui';
import { paths } from '../../config/paths';
import { BrandLogo } from '../ui/brand-logo';

export const SIDEBAR_WIDTH = 256;

export const ADMIN_TEXTS = {
  openNavigation: 'Abrir menu de navegação',
  closeNavigation: 'Fechar menu de navegação',
  navigation: 'Navegação principal',
  userMenu: 'Abrir menu do usuário',
} as const;

type NavItem = { label: string; icon: ComponentType<SvgIconProps>; to: string };

/**
 * Sidebar (spec section 2 "Admin shell"): Início, Campanhas, Carteiras, Configurações. The spec's Afiliados comes
 * with the growth issue: hidden until it does something (issue 30, item 15). Configurações has no sidebar path
 * in the spec, but the profile menu's Configurações goes to /configuracoes, so the sidebar item goes there too.
 */
const NAV_ITEMS: NavItem[] = [
  { label: 'Início', icon: HomeIcon, to: paths.dashboard.getHref() },
  { label: 'Campanhas', icon: TicketIcon, to: paths.campaigns.getHref() },
  { label: 'Carteiras', icon: WalletIcon, to: paths.wallets.getHref() },
  { label: 'Configurações', icon: SettingsIcon, to: paths.settings.getHref() },
];

/** The profile menu's links (spec: Perfil, Configurações, WhatsApp), above 'Sair'. */
const PROFILE_MENU_LINKS: { label: string; Icon: ComponentType<SvgIconProps>; to: string }[] = [
  { label: 'Perfil', Icon: PersonIcon, to: paths.profile.getHref() },
  { label: 'Configurações', Icon: SettingsIcon, to: paths.settings.getHref() },
  { label: 'WhatsApp', Icon: ChatIcon, to: paths.whatsapp.getHref() },
];

export interface AdminLayoutProps {
  userName: string | null | undefined;
  profileDescription: string | null | undefined;
  onLogout: () => void;
  children: ReactNode;
}

export function AdminLayout({ userName, profileDescription, onLogout, children }: AdminLayoutProps) {
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` },
          ml: { md: `${SIDEBAR_WIDTH}px` },
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'rgba(255,255,255,0.9)',
          backdropFilter: 'blur(8px)',
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label={ADMIN_TEXTS.openNavigation}
            aria-controls="rifaria-mobile-navigation"
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ display: { md: 'none' } }}>
            <BrandLogo to={paths.dashboard.getHref()} />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <UserMenu userName={userName} profileDescription={profileDescription} onLogout={onLogout} />
        </Toolbar>
      </AppBar>

      <Box
        component="nav"
        aria-label={ADMIN_TEXTS.navigation}
        sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}
      >
        <Drawer
          id="rifaria-mobile-navigation"
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH } }}
        >
          <SidebarContent onNavigate={() => setMobileOpen(false)} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            '& .MuiDrawer-paper': {
              width: SIDEBAR_WIDTH,
              boxSizing: 'border-box',
              borderRight: 1,
              borderColor: 'divider',
            },
          }}
        >
          <SidebarContent />
        </Drawer>
      </Box>

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` } }}>
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3, lg: 4 }, maxWidth: 1280, mx: 'auto' }}>{children}</Box>
      </Box>
    </Box>
  );
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: 3 }}>
        <BrandLogo to={paths.dashboard.getHref()} />
      </Toolbar>
      <Divider />
      <List sx={{ px: 1.5, py: 2 }}>
        {NAV_ITEMS.map((item) => {
          const Icon = item.icon;
          // ListItemButton inside a ListItem: a <ul> holds only <li> (axe 'list'), each holding its link.
          return (
            <ListItem key={item.label} disablePadding sx={{ display: 'block' }}>
              <ListItemButton
                component={NavLink}
                to={item.to}
                onClick={onNavigate}
                sx={{
                  borderRadius: 2,
                  mb: 0.5,
                  '&.active': {
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    '& .MuiListItemIcon-root': { color: 'inherit' },
                    '&:hover': { bgcolor: 'primary.dark' },
                  },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

/** Read by screen readers, not drawn (MUI's visuallyHidden). */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

function UserMenu({ userName, profileDescription, onLogout }: Omit<AdminLayoutProps, 'children'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  const name = firstName(userName);

  return (
    <>
      {/* Named by what it shows (the name and description) plus what it does: a label that hid the visible name
          would not match what a voice-control user says (axe 'label-content-name-mismatch'). */}
      <ButtonBase
        aria-haspopup="menu"
        aria-controls={open ? 'rifaria-user-menu' : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: 3, px: 1, py: 0.5, gap: 1.25, textAlign: 'left' }}
      >
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {ADMIN_TEXTS.userMenu}
        </Box>
        <Avatar aria-hidden sx={{ width: 38, height: 38, bgcolor: 'primary.main', fontSize: 15, fontWeight: 700 }}>
          {initials(userName) || <PersonIcon fontSize="small" />}
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.2 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {profileDescription || DEFAULT_PROFILE_DESCRIPTION}
          </Typography>
        </Box>
        <ExpandMoreIcon fontSize="small" sx={{ color: 'text.secondary' }} />
      </ButtonBase>
      <Menu
        id="rifaria-user-menu"
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { maxHeight: PROFILE_MENU_MAX_HEIGHT_PX, minWidth: 200, mt: 1 } } }}
      >
        {PROFILE_MENU_LINKS.map(({ to, label, Icon }) => (
          <MenuItem key={to} component={RouterLink} to={to} onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sair
        </MenuItem>
      </Menu>
    </>
  );
}
