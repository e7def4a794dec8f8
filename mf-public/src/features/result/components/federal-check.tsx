/** 'Como conferir' a 'Loteria Federal' draw: the contest, its 5 prizes and, per winner, how the number was reached. */
import { Alert, Box, Stack, Typography } from '@mui/material';
import type { DrawResult } from '@rifaria/shared/types';
import { CheckItem, CheckList, TicketsHashItem } from './check-item';
import { RESULT_TEXTS } from './result-texts';

export function FederalCheck({ result }: { result: DrawResult }) {
  const federal = result.federal;
  const winners = [...result.winners].sort((a, b) => a.position - b.position);
  const sandbox = federal?.source === 'sandbox';
  return (
    <>
      <Typography>
        {sandbox
          ? 'Os ganhadores saíram dos prêmios abaixo, pela regra publicada no regulamento antes das vendas. Refaça cada passo abaixo.'
          : 'Os ganhadores saíram da extração da Loteria Federal, pela regra publicada no regulamento antes das vendas. Confira os prêmios no site da Caixa e refaça cada passo abaixo.'}
      </Typography>
      <CheckList>
        {federal ? (
          <>
            <CheckItem label="Concurso da Loteria Federal">
              <Typography sx={{ fontWeight: 700 }}>{federal.contest}</Typography>
              {sandbox ? (
                <Alert severity="warning" sx={{ fontWeight: 700 }}>
                  {RESULT_TEXTS.federalSource.sandbox}
                </Alert>
              ) : (
                <Typography variant="body2" color={federal.source === 'caixa' ? 'success.dark' : 'text.secondary'}>
                  {RESULT_TEXTS.federalSource[federal.source]}
                </Typography>
              )}
            </CheckItem>
            <CheckItem label="Prêmios da extração">
              <Stack
                component="ol"
                aria-label="Prêmios da Loteria Federal"
                spacing={0.5}
                sx={{ m: 0, p: 0, listStyle: 'none' }}
              >
                {federal.prizes.map((prize, index) => (
                  <li key={index}>
                    <Typography component="span" variant="body2" sx={{ fontWeight: 700, mr: 1 }}>
                      {`${index + 1}º prêmio:`}
                    </Typography>
                    <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                      {prize}
                    </Typography>
                  </li>
                ))}
              </Stack>
            </CheckItem>
          </>
        ) : null}
        <TicketsHashItem result={result} />
      </CheckList>

      {federal && winners.length ? (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 800 }}>
            Como cada ganhador foi obtido
          </Typography>
          {winners.map((winner, index) => {
            const title = `${winner.position}º prêmio: ${winner.number}`;
            return (
              <Box key={winner.position} component="section" aria-label={title}>
                <Typography variant="body2" component="h4" sx={{ fontWeight: 800, mb: 0.5 }}>
                  {title}
                </Typography>
                <Typography component="ol" variant="body2" sx={{ m: 0, pl: 3.5, overflowWrap: 'anywhere' }}>
                  {(federal.steps[index] ?? []).map((step, stepIndex) => (
                    <li key={stepIndex}>{step}</li>
                  ))}
                </Typography>
              </Box>
            );
          })}
        </>
      ) : null}
    </>
  );
}
