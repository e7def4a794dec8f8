/** 'Baixar arquivo de verificação' (a plain link to the API's attachment) and the command that checks it offline. */
import { Box, Button, Stack, Typography } from '@mui/material';
import { drawVerificationFileName, drawVerificationUrl } from '../api/draw-verification-url';
import { RESULT_TEXTS } from './result-texts';

export function VerificationDownload({ link, fullUrl }: { link: string; fullUrl: string }) {
  const fileName = drawVerificationFileName(link);
  return (
    <Stack spacing={1} sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Button
        component="a"
        href={drawVerificationUrl(link)}
        download={fileName}
        variant="contained"
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {RESULT_TEXTS.download}
      </Button>
      <Typography variant="body2">
        O arquivo traz tudo o que o sorteio usou. Para conferir, em um computador com Node.js e o código do Rifaria,
        rode:
      </Typography>
      <Box
        component="code"
        // A region that scrolls sideways: reachable and scrollable by keyboard too (Tab, then the arrows).
        tabIndex={0}
        role="region"
        aria-label="Comando para conferir o sorteio"
        sx={{
          display: 'block',
          fontFamily: 'monospace',
          fontSize: '0.85rem',
          bgcolor: 'grey.900',
          color: 'common.white',
          borderRadius: 1,
          px: 1.5,
          py: 1,
          // One line that scrolls sideways on a phone: a command broken mid-word cannot be copied as it reads.
          whiteSpace: 'pre',
          overflowX: 'auto',
        }}
      >
        {`npm run verify-draw -- ${fileName} --link ${fullUrl}`}
      </Box>
      <Typography variant="body2" color="text.secondary">
        O comando refaz o sorteio e mostra os ganhadores (por exemplo, “1º prêmio: …”), que devem ser os mesmos desta
        página, e compara o arquivo com o compromisso e a quantidade de números pagos publicados pela campanha (ou use
        --commitment com o compromisso do seu comprovante de pagamento).
      </Typography>
    </Stack>
  );
}
