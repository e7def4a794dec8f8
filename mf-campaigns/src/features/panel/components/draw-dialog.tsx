/**
 * The draw (issue 13), opened by the draw card once the draw datetime has passed:
 * - 'Sorteio Rifaria' ('Realizar Sorteio'): a confirmation; the server draws from the seed committed at publish and
 *   the drand round of the draw datetime.
 * - 'Loteria Federal' ('Incluir Vencedor'): the contest number and its five prizes as Caixa publishes them, or
 *   'Buscar resultado' (contest only: the server fetches the result).
 * The draw is final: the campaign becomes 'Finalizada' and its money 'Disponível'. Refusals (422/503) are shown in
 * the dialog with the server's pt-BR message; field errors under their fields.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
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
import type { Campaign, OrganizerDrawResult } from '@rifaria/shared/types';
import { DialogTitleWithClose, toast, useBackToClose } from '@rifaria/shared/ui';
import { drawCampaign } from '../api/draw-campaign';

export const RIFARIA_DRAW_TEXT =
  'Os ganhadores serão sorteados agora entre os números pagos, com a semente publicada e a rodada pública do drand da data do sorteio. O resultado é definitivo: a campanha passa a "Finalizada" e o valor das vendas fica disponível na sua carteira.';
export const FEDERAL_DRAW_TEXT =
  'Informe o concurso da Loteria Federal e os cinco prêmios como a Caixa publicou, ou só o concurso e use "Buscar resultado". O resultado é definitivo: a campanha passa a "Finalizada" e o valor das vendas fica disponível na sua carteira.';

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

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setServerError(null);
  }, [open]);

  const close = () => {
    if (!drawing) onClose();
  };
  useBackToClose(open, () => {
    if (drawing) return false;
    onClose();
    return undefined;
  });

  const submit = async (mode: 'rifaria' | 'typed' | 'fetch') => {
    setServerError(null);
    let body: { contest: string; prizes?: string[] } | undefined;
    if (mode !== 'rifaria') {
      const input = mode === 'fetch' ? { contest } : { contest, prizes };
      const checked = validate(federalDrawSchema, input);
      const found = firstErrors(checked.errors);
      // 'Incluir Vencedor' needs the five prizes; all blank is what 'Buscar resultado' is for.
      if (mode === 'typed' && prizes.every((prize) => prize.trim() === '')) {
        prizes.forEach((_, index) => (found[`prizes.${index}`] = DRAW_MESSAGES.prizeRequired(index + 1)));
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        return;
      }
      body = mode === 'fetch' ? { contest: contest.trim() } : { contest: contest.trim(), prizes: prizes.map((p) => p.trim()) };
    }
    setDrawing(true);
    try {
      const reply = await drawCampaign(campaign.id, body);
      toast.success(reply.message ?? DRAW_MESSAGES.drawn, undefined, { duration: TOAST_DURATION.list });
      onDrawn(reply.data);
    } catch (error) {
      const failure = readApiError(error);
      if (failure.status === 422 && failure.errors) setErrors(firstErrors(failure.errors));
      setServerError(drawErrorMessage(error));
    } finally {
      setDrawing(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(federal ? 'typed' : 'rifaria');
  };

  const clearError = (field: string) => {
    setErrors(({ [field]: _removed, ...rest }) => rest);
    setServerError(null);
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="draw-dialog-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitleWithClose id="draw-dialog-title" onClose={close}>
          {title}
        </DialogTitleWithClose>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {federal ? FEDERAL_DRAW_TEXT : RIFARIA_DRAW_TEXT}
            </DialogContentText>
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
                <Typography variant="caption" color="text.secondary">
                  {DRAW_MESSAGES.prizesHint}
                </Typography>
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={drawing}>
            Cancelar
          </Button>
          {federal && (
            <Button variant="outlined" onClick={() => void submit('fetch')} disabled={drawing}>
              Buscar resultado
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={drawing}>
            {drawing ? 'Sorteando…' : title}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
