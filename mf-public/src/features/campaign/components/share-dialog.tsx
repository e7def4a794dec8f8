import { Button, Dialog, DialogContent, Stack, TextField, Typography } from '@mui/material';
import { CheckIcon, DialogTitleWithClose, useCopy } from '@rifaria/shared/ui';
import { WhatsAppButton, whatsappShareLink } from '../../common/components/whatsapp';

export const SHARE_TEXTS = {
  title: 'Compartilhar campanha',
  whatsapp: 'Compartilhar no WhatsApp',
  copy: 'Copiar link',
  copied: 'Link copiado!',
  linkLabel: 'Link da campanha',
  close: 'Fechar',
} as const;

/** The WhatsApp message carries the campaign name, the price and the link (spec section 2). */
export function shareMessage(name: string, price: string, url: string): string {
  return `Participe da rifa "${name}"! Cada número custa ${price}. Garanta os seus: ${url}`;
}

interface Props {
  open: boolean;
  onClose: () => void;
  name: string;
  price: string;
  url: string;
}

export function ShareDialog({ open, onClose, name, price, url }: Props) {
  const { copied, copy } = useCopy();

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="share-title">
      <DialogTitleWithClose id="share-title" onClose={onClose} closeLabel={SHARE_TEXTS.close}>
        {SHARE_TEXTS.title}
      </DialogTitleWithClose>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Envie para amigos e grupos: quanto mais gente participa, mais rápido a campanha acontece.
          </Typography>
          <WhatsAppButton href={whatsappShareLink(shareMessage(name, price, url))} variant="contained" fullWidth>
            {SHARE_TEXTS.whatsapp}
          </WhatsAppButton>
          <TextField
            label={SHARE_TEXTS.linkLabel}
            value={url}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(event) => event.target.select()}
          />
          <Button
            variant="outlined"
            color={copied ? 'success' : 'primary'}
            startIcon={copied ? <CheckIcon /> : undefined}
            onClick={() => void copy(url)}
            aria-live="polite"
            fullWidth
          >
            {copied ? SHARE_TEXTS.copied : SHARE_TEXTS.copy}
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
