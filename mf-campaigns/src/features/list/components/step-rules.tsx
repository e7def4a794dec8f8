/** Step 3 'Regras': banner file (sent right after creation) and the rules text with bold / italic / underline. */
import { useRef, useState } from 'react';
import { Box, Button, ButtonGroup, Stack, TextField, Typography } from '@mui/material';
import { checkBannerFile } from '../../common/api/upload-banner';
import { wrapSelection, type RulesMarker } from './rules-markers';
import type { StepProps } from './step-campaign';

const FORMAT_BUTTONS: { kind: RulesMarker; label: string; text: string; sx: object }[] = [
  { kind: 'bold', label: 'Negrito', text: 'B', sx: { fontWeight: 700 } },
  { kind: 'italic', label: 'Itálico', text: 'I', sx: { fontStyle: 'italic' } },
  { kind: 'underline', label: 'Sublinhado', text: 'U', sx: { textDecoration: 'underline' } },
];

export function StepRules({ values, errors, change }: StepProps) {
  const rulesRef = useRef<HTMLTextAreaElement | null>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const [bannerError, setBannerError] = useState<string | null>(null);

  const format = (kind: RulesMarker) => {
    const area = rulesRef.current;
    const start = area?.selectionStart ?? values.rules.length;
    const end = area?.selectionEnd ?? values.rules.length;
    const next = wrapSelection(values.rules, start, end, kind);
    change('rules', next.text);
    // Keep the same words selected (now inside the markers) once React has written the new value.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.selectionStart, next.selectionEnd);
    });
  };

  const pickBanner = (file: File | undefined) => {
    if (!file) return;
    const problem = checkBannerFile(file);
    setBannerError(problem);
    change('banner', problem ? null : file);
  };

  return (
    <Stack spacing={2}>
      <Box
        sx={{
          border: '2px dashed',
          borderColor: bannerError ? 'error.main' : 'divider',
          borderRadius: 2,
          p: 2,
          textAlign: 'center',
        }}
      >
        <Typography sx={{ fontWeight: 600 }}>Banner da campanha</Typography>
        <Typography variant="body2" color="text.secondary">
          PNG ou JPG, até 5MB. Ele é enviado logo após a criação da campanha; você também poderá trocá-lo depois na
          edição.
        </Typography>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg"
          hidden
          aria-label="Arquivo do banner"
          onChange={(event) => {
            pickBanner(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 1 }}>
          <Button variant="outlined" onClick={() => fileRef.current?.click()}>
            {values.banner ? 'Trocar imagem' : 'Escolher imagem'}
          </Button>
          {values.banner && (
            <Button color="error" onClick={() => change('banner', null)}>
              Remover imagem
            </Button>
          )}
        </Stack>
        {values.banner && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {values.banner.name}
          </Typography>
        )}
        {bannerError && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
            {bannerError}
          </Typography>
        )}
      </Box>

      <div>
        <ButtonGroup size="small" aria-label="Formatação das regras" sx={{ mb: 1 }}>
          {FORMAT_BUTTONS.map(({ kind, label, text, sx }) => (
            <Button
              key={kind}
              aria-label={label}
              title={label}
              // Keep the textarea's selection: a mouse-down on the button would otherwise blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => format(kind)}
              sx={sx}
            >
              {text}
            </Button>
          ))}
        </ButtonGroup>
        <TextField
          label="Regras"
          required
          value={values.rules}
          onChange={(event) => change('rules', event.target.value)}
          inputRef={rulesRef}
          multiline
          minRows={6}
          fullWidth
          error={Boolean(errors.rules)}
          helperText={errors.rules ?? 'Use **negrito**, *itálico* e __sublinhado__.'}
        />
      </div>
    </Stack>
  );
}
