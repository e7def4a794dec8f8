/**
 * What an operator can do to a campaign, by its status: 'Suspender' a published one (sales stop, pending purchases
 * cancelled), 'Reativar' a suspended one, 'Cancelar com reembolso' either (every Pago purchase refunded by the PSP).
 * Suspending and cancelling ask for a reason. `onDone` re-reads the list.
 */
import { Stack } from '@mui/material';
import type { AdminCampaign } from '@rifaria/shared/types';
import { ActionButton } from '../../common/components/action-button';
import { ReasonButton } from '../../common/components/reason-dialog';
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

const { failed } = CAMPAIGN_ACTION_TEXTS;

const DIALOGS = {
  suspend: {
    title: CAMPAIGN_ACTION_TEXTS.suspendTitle,
    description: CAMPAIGN_ACTION_TEXTS.suspendInfo,
    submit: CAMPAIGN_ACTION_TEXTS.suspend,
    done: CAMPAIGN_ACTION_TEXTS.suspended,
  },
  cancel: {
    title: CAMPAIGN_ACTION_TEXTS.cancel,
    description: CAMPAIGN_ACTION_TEXTS.cancelInfo,
    submit: CAMPAIGN_ACTION_TEXTS.cancel,
    done: CAMPAIGN_ACTION_TEXTS.cancelled,
  },
} as const;

export function CampaignActions({
  campaign,
  onDone,
}: {
  campaign: Pick<AdminCampaign, 'id' | 'name' | 'status'>;
  onDone: () => void;
}) {
  const status = campaign.status.id;
  const texts = CAMPAIGN_ACTION_TEXTS;
  const shown = { suspend: status === PUBLISHED, cancel: status === PUBLISHED || status === SUSPENDED };
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
      {(['suspend', 'cancel'] as const)
        .filter((kind) => shown[kind])
        .map((kind) => (
          <ReasonButton
            key={kind}
            name={`${DIALOGS[kind].submit} ${campaign.name}`}
            color={kind === 'suspend' ? 'warning' : 'error'}
            texts={{ ...DIALOGS[kind], title: `${DIALOGS[kind].title}: ${campaign.name}`, failed }}
            onSubmit={({ text }) => actOnCampaign(campaign.id, kind, text).then(onDone)}
          />
        ))}
    </Stack>
  );
}
