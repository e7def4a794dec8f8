/**
 * What an operator can do to a campaign, by its status: 'Suspender' a published one (sales stop, pending purchases
 * cancelled), 'Reativar' a suspended one, 'Cancelar com reembolso' either (every Pago purchase refunded by the PSP).
 * Suspending and cancelling ask for a reason. `onDone` re-reads the list.
 */
import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import type { AdminCampaign } from '@rifaria/shared/types';
import { ActionButton } from '../../common/components/action-button';
import { ReasonDialog } from '../../common/components/reason-dialog';
import { actOnCampaign } from '../api/campaigns';

const PUBLISHED = 2;
const SUSPENDED = 5;

export const CAMPAIGN_ACTION_TEXTS = {
  suspend: 'Suspender',
  suspendTitle: 'Suspender campanha',
  suspendInfo: 'As vendas param na hora, as reservas pendentes são canceladas e o organizador não pode sortear.',
  suspended: 'Campanha suspensa.',
  reinstate: 'Reativar',
  reinstated: 'Campanha reativada.',
  cancel: 'Cancelar com reembolso',
  cancelInfo: 'A campanha é cancelada e cada compra paga é reembolsada pelo PSP. Não pode ser desfeito.',
  cancelled: 'Campanha cancelada. Os reembolsos estão em andamento.',
  failed: 'Não foi possível concluir a ação.',
} as const;

type Dialog = 'suspend' | 'cancel' | null;

export function CampaignActions({
  campaign,
  onDone,
}: {
  campaign: Pick<AdminCampaign, 'id' | 'name' | 'status'>;
  onDone: () => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const status = campaign.status.id;
  const texts = CAMPAIGN_ACTION_TEXTS;
  const buttons = [
    { dialog: 'suspend', label: texts.suspend, color: 'warning', shown: status === PUBLISHED },
    { dialog: 'cancel', label: texts.cancel, color: 'error', shown: status === PUBLISHED || status === SUSPENDED },
  ] as const;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {status === SUSPENDED ? (
        <ActionButton
          label={texts.reinstate}
          aria-label={`${texts.reinstate} ${campaign.name}`}
          run={() => actOnCampaign(campaign.id, 'reinstate').then(onDone)}
          done={texts.reinstated}
          failed={texts.failed}
        />
      ) : null}
      {buttons
        .filter((button) => button.shown)
        .map((button) => (
          <Button
            key={button.dialog}
            size="small"
            variant="outlined"
            color={button.color}
            onClick={() => setDialog(button.dialog)}
            aria-label={`${button.label} ${campaign.name}`}
          >
            {button.label}
          </Button>
        ))}
      <ReasonDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        title={`${dialog === 'cancel' ? texts.cancel : texts.suspendTitle}: ${campaign.name}`}
        description={dialog === 'cancel' ? texts.cancelInfo : texts.suspendInfo}
        submitLabel={dialog === 'cancel' ? texts.cancel : texts.suspend}
        done={dialog === 'cancel' ? texts.cancelled : texts.suspended}
        failed={texts.failed}
        onSubmit={({ text }) =>
          actOnCampaign(campaign.id, dialog === 'cancel' ? 'cancel' : 'suspend', text).then(onDone)
        }
      />
    </Stack>
  );
}
