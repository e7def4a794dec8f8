import { Box, Stack, Typography } from '@mui/material';
import type { DrawWinner } from '@rifaria/shared/types';

export const WINNERS_LABEL = 'Ganhadores';

/** The winners by prize: position and prize, the number (large, monospace) and the masked name ('Maria S.'). */
export function WinnersList({ winners, label = WINNERS_LABEL }: { winners: DrawWinner[]; label?: string }) {
  if (!winners.length) {
    return <Typography color="text.secondary">Nenhum número pago: não houve ganhadores.</Typography>;
  }
  return (
    <Stack component="ol" aria-label={label} spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {[...winners]
        .sort((a, b) => a.position - b.position)
        .map((winner) => (
          <Box
            component="li"
            key={winner.position}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              p: 1.5,
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          >
            <Box
              sx={{
                fontFamily: 'monospace',
                fontWeight: 800,
                fontSize: { xs: '1.6rem', sm: '2rem' },
                lineHeight: 1.1,
                color: 'success.dark',
                bgcolor: 'action.hover',
                borderRadius: 1.5,
                px: 1.25,
                py: 0.5,
                flexShrink: 0,
                maxWidth: '50%',
                overflowWrap: 'anywhere',
              }}
            >
              {winner.number}
            </Box>
            <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Typography sx={{ fontWeight: 800 }}>{`${winner.position}º prêmio`}</Typography>
              <Typography variant="body2">{winner.award.description}</Typography>
              <Typography variant="body2" color="text.secondary">
                {winner.buyer_name}
              </Typography>
            </Box>
          </Box>
        ))}
    </Stack>
  );
}
