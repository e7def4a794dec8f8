import { Box, Skeleton, Stack } from '@mui/material';
import { PROFILE_TEXTS } from './profile-texts';

/** 'Meus Dados' while the profile loads: the header card, the tabs and a few fields. */
export function ProfileSkeleton() {
  return (
    <Box aria-busy="true" aria-label={PROFILE_TEXTS.loading}>
      <Skeleton variant="rounded" height={112} />
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        {PROFILE_TEXTS.tabs.map((tab) => (
          <Skeleton key={tab} variant="text" width={96} height={40} />
        ))}
      </Stack>
      <Stack spacing={2} sx={{ mt: 2, maxWidth: 640 }}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={56} />
        ))}
      </Stack>
    </Box>
  );
}
