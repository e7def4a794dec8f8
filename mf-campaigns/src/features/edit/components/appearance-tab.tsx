/** Edit tab 'Aparência': the banner, by file (PNG/JPG up to 5 MB, uploaded) or by an https URL, with a preview. */
import { useEffect, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { Campaign } from '@rifaria/shared/types';
import { updateCampaign } from '../../common/api/update-campaign';
import { checkBannerFile, uploadBanner } from '../../common/api/upload-banner';
import { serverFieldErrors, toastSaveFailed, toastSaved } from './save-toasts';

export const BANNER_URL_INVALID = 'Informe um endereço https:// válido.';

/** Only https: the banner shows on the public page, which is served over https (mixed content would be blocked). */
export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value.trim()).protocol === 'https:';
  } catch {
    return false;
  }
}

export interface AppearanceTabProps {
  campaign: Campaign;
  onSaved: (campaign: Campaign) => void;
}

export function AppearanceTab({ campaign, onSaved }: AppearanceTabProps) {
  const [mode, setMode] = useState<'file' | 'url'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [filePreview, setFilePreview] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  // The object URL of a picked file lives as long as that file is the one shown.
  useEffect(() => {
    if (!file) {
      setFilePreview(null);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(file);
    setFilePreview(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    const problem = checkBannerFile(picked);
    setError(problem ?? undefined);
    setFile(problem ? null : picked);
  };

  const run = async (action: () => Promise<Campaign>, description?: string) => {
    setSaving(true);
    try {
      onSaved(await action());
      setFile(null);
      setUrl('');
      setError(undefined);
      toastSaved(description);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      setError(fields.banner ?? fields.banner_url);
      toastSaveFailed();
    } finally {
      setSaving(false);
    }
  };

  const saveUrl = () => {
    if (!isHttpsUrl(url)) {
      setError(BANNER_URL_INVALID);
      return;
    }
    void run(() => updateCampaign(campaign.id, { banner_url: url.trim() }));
  };

  const urlPreview = mode === 'url' && isHttpsUrl(url) ? url.trim() : null;
  const preview = (mode === 'file' ? filePreview : urlPreview) ?? campaign.banner;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_event, next: 'file' | 'url' | null) => {
          if (!next) return;
          setMode(next);
          setError(undefined);
        }}
        aria-label="Origem do banner"
      >
        <ToggleButton value="file">Enviar arquivo</ToggleButton>
        <ToggleButton value="url">Usar URL</ToggleButton>
      </ToggleButtonGroup>

      {mode === 'file' ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button variant="outlined" component="label">
            Escolher imagem
            <input hidden type="file" accept="image/png,image/jpeg" aria-label="Arquivo do banner" onChange={pick} />
          </Button>
          <Typography variant="body2" color="text.secondary">
            PNG ou JPG, até 5 MB.
          </Typography>
          {file && (
            <Button
              variant="contained"
              disabled={saving}
              onClick={() => void run(() => uploadBanner(campaign.id, file), 'Banner atualizado com sucesso!')}
            >
              {saving ? 'Enviando...' : 'Enviar banner'}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="URL do banner"
            placeholder="https://"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setError(undefined);
            }}
            sx={{ flex: 1 }}
          />
          <Button variant="contained" disabled={saving} onClick={saveUrl} sx={{ mt: { sm: 1 } }}>
            Salvar URL
          </Button>
        </Stack>
      )}

      {error && <Alert severity="error">{error}</Alert>}

      <Box>
        <Typography variant="subtitle2" gutterBottom>
          Pré-visualização
        </Typography>
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt="Pré-visualização do banner"
            sx={{
              width: '100%',
              maxHeight: 320,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
        ) : (
          <Typography color="text.secondary">Nenhum banner definido.</Typography>
        )}
      </Box>

      {campaign.banner && (
        <Stack direction="row">
          <Button
            color="error"
            disabled={saving}
            onClick={() => void run(() => updateCampaign(campaign.id, { banner_url: null }))}
          >
            Remover banner
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
