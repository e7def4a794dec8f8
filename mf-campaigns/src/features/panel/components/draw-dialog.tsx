/**
 * The draw (issue 13), opened by the draw card once the draw datetime has passed:
 * - 'Sorteio Rifaria' ('Realizar Sorteio'): a confirmation; the server draws from the seed committed at publish and
 *   the drand round of the draw datetime.
 * - 'Loteria Federal' ('Incluir Vencedor'): the contest number and its five prizes as Caixa publishes them;
 *   'Buscar resultado' fills them from the contest's result (Caixa, or the sandbox), to review before drawing.
 * The draw is final: the campaign becomes 'Finalizada' and its money 'Disponível'. Refusals (422/503) are shown in
 * the dialog with the server's pt-BR message; field errors under their fields.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Button, DialogContentText, Stack, TextField, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { TOAST_DURATION } from '@rifaria/shared/constants';
import { formatInteger } from '@rifaria/shared/format';
import {
  AUTH_MESSAGES,
  DRAW_MESSAGES,
  FEDERAL_PRIZE_COUNT,
  federalDrawSchema,
  firstErrors,
  validate,
} from '@rifaria/shared/schemas';
import type { Campaign, FederalContestLookup, OrganizerDrawResult } from '@rifaria/shared/types';
import { FormDialog, toast } from '@rifaria/shared/ui';
import { drawCampaign } from '../api/draw-campaign';
import { getFederalResult } from '../api/get-federal-result';

export const RIFARIA_DRAW_TEXT =
  'Os ganhadores serão sorteados agora entre os números pagos, com a semente publicada e a rodada pública do drand da data do sorteio. O resultado é definitivo: a campanha passa a "Finalizada" e o valor das vendas fica disponível na sua carteira.';
export const FEDERAL_DRAW_TEXT =
  'Informe o concurso da Loteria Federal (o primeiro realizado a partir da data do sorteio) e os cinco prêmios como a Caixa publicou, ou use "Buscar resultado" para preenchê-los. O resultado é definitivo: a campanha passa a "Finalizada" e o valor das vendas fica disponível na sua carteira.';

/** Where 'Buscar resultado' found the prizes. */
export function lookupNotice(lookup: FederalContestLookup): string {
  const when = lookup.date_formatted ? ` de ${lookup.date_formatted}` : '';
  return lookup.source === 'sandbox'
    ? `Concurso ${lookup.contest}${when}: resultado de demonstração (sandbox), não é um resultado real. Confira e clique em "Incluir Vencedor".`
    : `Concurso ${lookup.contest}${when}: prêmios obtidos da Caixa. Confira e clique em "Incluir Vencedor".`;
}

const EMPTY_PRIZES = Array.from({ length: FEDERAL_PRIZE_COUNT }, () => '');

/** The message of a refused or failed draw. */
export function drawErrorMessage(error: unknown): string {
  const failure = readApiError(error);
  if (failure.status === 401) return AUTH_MESSAGES.sessionExpired;
  if (failure.kind === 'timeout' || failure.kind === 'network') return DRAW_MESSAGES.drawFailed;
  return failure.message ?? DRAW_MESSAGES.drawFailed;
}

export interface DrawDialogProps {
  campaign: Pick<Campaign, 'id' | 'name' | 'stats'>;
  federal: boolean;
  /** The button's (and the dialog's) name: 'Realizar Sorteio' or 'Incluir Vencedor'. */
  title: string;
  open: boolean;
  onClose: () => void;
  onDrawn: (result: OrganizerDrawResult) => void;
}

export function DrawDialog({ campaign, federal, title, open, onClose, onDrawn }: DrawDialogProps) {
  const [contest, setContest] = useState('');
  const [prizes, setPrizes] = useState<string[]>(EMPTY_PRIZES);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [lookup, setLookup] = useState<FederalContestLookup | null>(null);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setServerError(null);
  }, [open]);

  const failed = (error: unknown) => {
    const failure = readApiError(error);
    if (failure.status === 422 && failure.errors) setErrors(firstErrors(failure.errors));
    setServerError(drawErrorMessage(error));
  };

  /** 'Buscar resultado': the contest's five prizes into the fields, to review; nothing is drawn yet. */
  const fetchResult = async () => {
    setServerError(null);
    setLookup(null);
    const found = firstErrors(validate(federalDrawSchema, { contest }).errors);
    if (found.contest) {
      setErrors({ contest: found.contest });
      return;
    }
    setDrawing(true);
    try {
      const result = await getFederalResult(campaign.id, contest.trim());
      setPrizes(result.prizes);
      setErrors({});
      setLookup(result);
    } catch (error) {
      failed(error);
    } finally {
      setDrawing(false);
    }
  };

  const submit = async () => {
    setServerError(null);
    let body: { contest: string; prizes?: string[] } | undefined;
    if (federal) {
      const found = firstErrors(validate(federalDrawSchema, { contest, prizes }).errors);
      // 'Incluir Vencedor' needs the five prizes ('Buscar resultado' fills them).
      if (prizes.every((prize) => prize.trim() === '')) {
        prizes.forEach((_, index) => (found[`prizes.${index}`] = DRAW_MESSAGES.prizeRequired(index + 1)));
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        return;
      }
      body = { contest: contest.trim(), prizes: prizes.map((p) => p.trim()) };
    }
    setDrawing(true);
    try {
      const reply = await drawCampaign(campaign.id, body);
      toast.success(reply.message ?? DRAW_MESSAGES.drawn, undefined, { duration: TOAST_DURATION.list });
      onDrawn(reply.data);
    } catch (error) {
      failed(error);
    } finally {
      setDrawing(false);
    }
  };

  const clearError = (field: string) => {
    setErrors(({ [field]: _removed, ...rest }) => rest);
    setServerError(null);
    setLookup(null);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={drawing}
      titleId="draw-dialog-title"
      title={title}
      maxWidth="sm"
      onSubmit={() => void submit()}
      actionsSx={{ flexWrap: 'wrap', gap: 1 }}
      actions={
        <>
          <Button onClick={onClose} disabled={drawing}>
            Cancelar
          </Button>
          {federal && (
            <Button variant="outlined" onClick={() => void fetchResult()} disabled={drawing}>
              Buscar resultado
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={drawing}>
            {drawing ? 'Sorteando…' : title}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <DialogContentText>{federal ? FEDERAL_DRAW_TEXT : RIFARIA_DRAW_TEXT}</DialogContentText>
        <DialogContentText>
          Campanha: <strong>{campaign.name}</strong> · {formatInteger(campaign.stats.tickets_sold)} números pagos
        </DialogContentText>
        {serverError && (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        )}
        {federal && (
          <>
            <TextField
              label="Número do concurso"
              value={contest}
              onChange={(event) => {
                setContest(event.target.value.replace(/\D/g, '').slice(0, 6));
                clearError('contest');
              }}
              error={Boolean(errors.contest)}
              helperText={errors.contest}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } }}
              required
              autoFocus
            />
            <Box
              role="group"
              aria-label="Prêmios da Loteria Federal"
              sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' } }}
            >
              {prizes.map((prize, index) => (
                <TextField
                  key={index}
                  label={`${index + 1}º prêmio`}
                  value={prize}
                  onChange={(event) => {
                    const value = event.target.value.replace(/\D/g, '').slice(0, 6);
                    setPrizes((previous) => previous.map((p, i) => (i === index ? value : p)));
                    clearError(`prizes.${index}`);
                  }}
                  error={Boolean(errors[`prizes.${index}`])}
                  helperText={errors[`prizes.${index}`]}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } }}
                />
              ))}
            </Box>
            {lookup ? (
              <Alert severity={lookup.source === 'sandbox' ? 'warning' : 'info'}>{lookupNotice(lookup)}</Alert>
            ) : (
              <Typography variant="caption" color="text.secondary">
                {DRAW_MESSAGES.prizesHint}
              </Typography>
            )}
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
