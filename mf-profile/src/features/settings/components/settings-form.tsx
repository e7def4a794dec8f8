/**
 * The form of 'Configurações': the name and the WhatsApp number public pages show (the number chosen explicitly:
 * none, the account's phone, a connected instance's, or another), and a switch per automatic message.
 */
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Link,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { PHONE_MASK_MAX_LENGTH, TOAST_DURATION } from '@rifaria/shared/constants';
import { maskPhone, onlyDigits } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import {
  NAME_MAX_LENGTH,
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  SETTINGS_MESSAGES,
  firstErrors,
  settingsSchema,
  validate,
  type NotificationKind,
} from '@rifaria/shared/schemas';
import { useSession } from '@rifaria/shared/session';
import type { AccountSettings } from '@rifaria/shared/types';
import { toast } from '@rifaria/shared/ui';
import { SaveButton } from '../../common/components/save-button';
import { useFormSave } from '../../common/hooks/use-form-save';
import { saveSettings } from '../api/settings';
import {
  inputOf,
  instanceChoice,
  instancePhones,
  valuesOf,
  type SettingsValues,
  type WhatsAppChoice,
} from '../hooks/settings-values';
import { SETTINGS_TEXTS } from './settings-texts';

const FIELDS = ['public_name', 'public_whatsapp'] as const;
const WHATSAPP_LEGEND_ID = 'settings-whatsapp-legend';

export function SettingsForm({ initial }: { initial: AccountSettings }) {
  const [settings, setSettings] = useState(initial);
  const [values, setValues] = useState<SettingsValues>(() => valuesOf(initial));
  const { errors, setErrors, failed, saving, clearError, save } = useFormSave(FIELDS);
  const sessionName = useSession((state) => state.user?.name ?? '');
  // With no public name, what public pages show is the account's name.
  const accountName = settings.public_name === null ? settings.effective.name : sessionName;
  const accountPhone = settings.suggestions.account_phone;
  const instances = instancePhones(settings);

  const change = (patch: Partial<SettingsValues>, field?: string) => {
    setValues((current) => ({ ...current, ...patch }));
    if (field) clearError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(settingsSchema, inputOf(values, settings));
    const found = firstErrors(result.errors);
    // Another number left empty would quietly mean "no WhatsApp": it is asked for instead.
    if (values.whatsapp === 'other' && !onlyDigits(values.other_whatsapp)) {
      found.public_whatsapp = SETTINGS_MESSAGES.whatsappInvalid;
    }
    if (!result.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    await save(async () => {
      const reply = await saveSettings(result.output);
      setSettings(reply.data);
      setValues(valuesOf(reply.data));
      toast.success(reply.message || SETTINGS_MESSAGES.saved, undefined, { duration: TOAST_DURATION.profile });
    });
  };

  const whatsappError = errors.public_whatsapp;
  const { effective } = settings;
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)} sx={{ maxWidth: 720 }}>
      {failed && <Alert severity="error">{SETTINGS_MESSAGES.saveFailed}</Alert>}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Stack spacing={2.5}>
          <Typography variant="h6" component="h2">
            {SETTINGS_TEXTS.publicSection}
          </Typography>
          <Alert severity="info" icon={false} role="status">
            {SETTINGS_TEXTS.preview(effective.name, effective.whatsapp ? maskPhone(effective.whatsapp) : null)}
          </Alert>
          <TextField
            label={SETTINGS_TEXTS.publicName}
            value={values.public_name}
            onChange={(event) => change({ public_name: event.target.value }, 'public_name')}
            placeholder={accountName}
            error={Boolean(errors.public_name)}
            helperText={errors.public_name ?? SETTINGS_TEXTS.publicNameHint(accountName)}
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
            fullWidth
          />
          <FormControl error={Boolean(whatsappError) && values.whatsapp !== 'other'}>
            <FormLabel id={WHATSAPP_LEGEND_ID}>{SETTINGS_TEXTS.whatsappLegend}</FormLabel>
            <RadioGroup
              aria-labelledby={WHATSAPP_LEGEND_ID}
              value={values.whatsapp}
              onChange={(event) => change({ whatsapp: event.target.value as WhatsAppChoice }, 'public_whatsapp')}
            >
              <FormControlLabel value="none" control={<Radio />} label={SETTINGS_TEXTS.whatsappNone} />
              {accountPhone && (
                <FormControlLabel
                  value="account"
                  control={<Radio />}
                  label={SETTINGS_TEXTS.whatsappAccount(maskPhone(accountPhone))}
                />
              )}
              {instances.map((phone) => (
                <FormControlLabel
                  key={phone}
                  value={instanceChoice(phone)}
                  control={<Radio />}
                  label={SETTINGS_TEXTS.whatsappInstance(maskPhone(phone))}
                />
              ))}
              <FormControlLabel value="other" control={<Radio />} label={SETTINGS_TEXTS.whatsappOther} />
            </RadioGroup>
            {whatsappError && values.whatsapp !== 'other' && <FormHelperText>{whatsappError}</FormHelperText>}
          </FormControl>
          {values.whatsapp === 'other' && (
            <TextField
              label={SETTINGS_TEXTS.otherNumber}
              value={values.other_whatsapp}
              onChange={(event) => change({ other_whatsapp: maskPhone(event.target.value) }, 'public_whatsapp')}
              placeholder="(00) 00000-0000"
              type="tel"
              error={Boolean(whatsappError)}
              helperText={whatsappError}
              slotProps={{ htmlInput: { inputMode: 'tel', maxLength: PHONE_MASK_MAX_LENGTH } }}
              sx={{ maxWidth: 320 }}
              required
            />
          )}
          {settings.suggestions.instance_phones.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {SETTINGS_TEXTS.noInstance}{' '}
              <Link component={RouterLink} to={paths.whatsapp.getHref()}>
                {SETTINGS_TEXTS.connectInstance}
              </Link>
            </Typography>
          )}
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {SETTINGS_TEXTS.notificationsSection}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {SETTINGS_TEXTS.notificationsIntro}
          </Typography>
          {NOTIFICATION_KINDS.map((kind: NotificationKind) => (
            <Stack key={kind} spacing={0}>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.notifications[kind]}
                    onChange={(event) =>
                      change({ notifications: { ...values.notifications, [kind]: event.target.checked } })
                    }
                    slotProps={{ input: { 'aria-describedby': `notification-${kind}` } }}
                  />
                }
                label={NOTIFICATION_LABELS[kind].title}
              />
              <Typography id={`notification-${kind}`} variant="body2" color="text.secondary" sx={{ pl: 6.5 }}>
                {NOTIFICATION_LABELS[kind].description}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Paper>

      <SaveButton saving={saving} texts={SETTINGS_TEXTS} />
    </Stack>
  );
}
