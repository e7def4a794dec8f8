/**
 * Cancel modal (spec "Cancel modal", section 8 "Cancel failure"): confirms, then POST /api/campaigns/{id}/cancel
 * {reason: 'Cancelada pelo usuário'}. A cancelled campaign never comes back, so the text says it plainly; with sales
 * (issue 32) it also says that every buyer with a confirmed payment is refunded, out of the 'Futuro' balance.
 * A refusal (422: tickets sold or a status that cannot be cancelled; 404: not this organiser's) is final: the modal
 * then only explains it and offers the way back, instead of a 'Cancelar Campanha' that would be refused again.
 * Other failures (connection, server) leave the button for another try.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, DialogContentText } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { CAMPAIGN_CANCEL_REASON, TOAST_DURATION } from '@rifaria/shared/constants';
import { AUTH_MESSAGES, CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { FormDialog, toast, useAction } from '@rifaria/shared/ui';
import { cancelCampaign } from '../api/cancel-campaign';

export interface CancelCampaignModalProps {
  campaign: Pick<Campaign, 'id' | 'name'> & { stats?: Pick<Campaign['stats'], 'tickets_sold'> };
  open: boolean;
  onClose: () => void;
  /** Receives the cancelled campaign (status 3) as the server replied it. */
  onCancelled: (campaign: Campaign) => void;
}

function ticketsSold(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 0;
  const details = (body as { details?: { tickets_sold?: unknown } }).details;
  return typeof details?.tickets_sold === 'number' ? details.tickets_sold : 0;
}

/** Whether trying again cannot succeed: the server refused this campaign's cancellation, not the request. */
export function isFinalCancelRefusal(error: unknown): boolean {
  const { status } = readApiError(error);
  return status === 422 || status === 404;
}

/** The message of a failed cancellation, in the spec's order. */
export function cancelErrorMessage(error: unknown): string {
  const failure = readApiError(error);
  switch (failure.status) {
    case 401:
      return AUTH_MESSAGES.sessionExpired;
    case 404:
      return CAMPAIGN_MESSAGES.cancelNotFound;
    case 422: {
      const sold = ticketsSold(failure.body);
      if (sold > 0) return CAMPAIGN_MESSAGES.cancelSold(sold);
      return failure.message ?? CAMPAIGN_MESSAGES.cancelNotAllowed;
    }
    case undefined:
      return CAMPAIGN_MESSAGES.cancelFailed;
    default:
      return failure.message ?? CAMPAIGN_MESSAGES.cancelFailed;
  }
}

export function CancelCampaignModal({ campaign, open, onClose, onCancelled }: CancelCampaignModalProps) {
  const { busy: cancelling, error, setError, run } = useAction();
  const [refused, setRefused] = useState(false);
  const sold = campaign.stats?.tickets_sold ?? 0;

  useEffect(() => {
    if (!open) return;
    setError(null);
    setRefused(false);
  }, [open, setError]);

  const confirm = () =>
    run(
      async () => {
        const cancelled = await cancelCampaign(campaign.id, CAMPAIGN_CANCEL_REASON);
        toast.success(CAMPAIGN_MESSAGES.cancelled, CAMPAIGN_MESSAGES.cancelledDescription, {
          duration: TOAST_DURATION.list,
        });
        onCancelled(cancelled);
        onClose();
      },
      (failure) => {
        setRefused(isFinalCancelRefusal(failure));
        return cancelErrorMessage(failure);
      },
    );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={cancelling}
      titleId="cancel-campaign-title"
      title="Cancelar campanha"
      closeButton={false}
      actions={
        <>
          <Button onClick={onClose} disabled={cancelling} variant={refused ? 'contained' : 'text'}>
            Voltar
          </Button>
          {!refused && (
            <Button color="error" variant="contained" onClick={() => void confirm()} disabled={cancelling}>
              {cancelling ? 'Cancelando...' : 'Cancelar Campanha'}
            </Button>
          )}
        </>
      }
    >
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {!refused && (
        <DialogContentText>
          Tem certeza que deseja cancelar a campanha <strong>{campaign.name}</strong>? Esta ação não pode ser desfeita.
        </DialogContentText>
      )}
      {!refused && sold > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {CAMPAIGN_MESSAGES.cancelRefundNotice(sold)}
        </Alert>
      )}
    </FormDialog>
  );
}
