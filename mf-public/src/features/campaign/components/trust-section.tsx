import { Box, Stack, Typography } from '@mui/material';
import { ShieldIcon } from '@rifaria/shared/ui';
import { CAMPAIGN_TEXTS } from './campaign-texts';
import { LockIcon, PixIcon, ShuffleIcon } from './icons';
import { Section } from '../../common/components/section';

const TRUST_ITEMS = [
  {
    icon: PixIcon,
    title: 'Pagamento via Pix',
    text: 'Pague em segundos pelo app do seu banco. A confirmação é automática.',
  },
  {
    icon: ShuffleIcon,
    title: 'Números aleatórios e exclusivos',
    text: 'O sistema sorteia seus números na hora da reserva. Nenhum número é vendido duas vezes.',
  },
  {
    icon: LockIcon,
    title: 'Seus dados protegidos',
    text: 'CPF, telefone e e-mail não aparecem para outras pessoas.',
  },
] as const;

/** 'Compra segura': Pix, numbers drawn by the system, private data. */
export function TrustSection() {
  return (
    <Section title={CAMPAIGN_TEXTS.trust} icon={<ShieldIcon color="success" aria-hidden="true" />}>
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {TRUST_ITEMS.map(({ icon: Icon, title: itemTitle, text }) => (
          <Stack component="li" key={itemTitle} direction="row" spacing={1.5}>
            <Icon color="success" aria-hidden="true" />
            <Box>
              <Typography sx={{ fontWeight: 700 }}>{itemTitle}</Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
