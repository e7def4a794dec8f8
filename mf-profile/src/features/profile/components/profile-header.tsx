/** The top of 'Meus Dados': avatar with initials, name, profile description, e-mail and its verification badge. */
import { Avatar, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { DEFAULT_PROFILE_DESCRIPTION } from '@rifaria/shared/constants';
import { initials } from '@rifaria/shared/format';
import type { User } from '@rifaria/shared/types';
import { CheckIcon, MailIcon, PersonIcon } from '@rifaria/shared/ui';
import { PROFILE_TEXTS } from './profile-texts';

export function ProfileHeader({ user, onVerifyEmail }: { user: User; onVerifyEmail: () => void }) {
  const verified = Boolean(user.email_verified_at);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24, fontWeight: 700 }}>
          {initials(user.name) || <PersonIcon />}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {user.profile?.description || DEFAULT_PROFILE_DESCRIPTION}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
            <Chip
              size="small"
              color={verified ? 'success' : 'warning'}
              variant={verified ? 'filled' : 'outlined'}
              icon={verified ? <CheckIcon /> : <MailIcon />}
              label={verified ? PROFILE_TEXTS.emailVerified : PROFILE_TEXTS.emailNotVerified}
            />
          </Stack>
        </Box>
        {!verified && (
          <Button variant="contained" onClick={onVerifyEmail} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
            {PROFILE_TEXTS.verifyEmail}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
