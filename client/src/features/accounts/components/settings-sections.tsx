import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import {
  type AccountsSettingsFragment,
  useAccountsChangePasswordMutation,
  useAccountsUpdateGeneralMutation,
  useAccountsUpdateInfoMutation,
  useAccountsUpdateNotificationsMutation,
  useAccountsUpdateSocialMutation,
} from '../../../gql/graphql';
import { saveSession } from '../../../lib/session';
import { parseAuthPayload } from '../../../lib/session-types';
import { problemText } from '../lib/problems';
import { type ServerError, serverErrorOf } from '../lib/server-error';
import {
  type GeneralForm,
  type InfoForm,
  NOTIFICATION_KEYS,
  type NotificationKey,
  SOCIAL_KEYS,
  type SocialForm,
  generalChanges,
  infoChanges,
  notificationChanges,
  socialChanges,
  validateGeneral,
  validateInfo,
  validateSocial,
} from '../lib/settings-forms';
import { type Problems, isClearlyWeakPassword } from '../lib/validation';
import { Avatar } from './avatar';
import { PasswordInput, StyledFieldset, StyledFormGrid, SwitchField, TextAreaField } from './form-controls';
import { useFieldMessages, useServerErrorText } from './server-error-text';

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const StyledAvatarRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

type SaveState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'unchanged' } | { kind: 'error'; error: ServerError };

/** The outcome line of a section's form (announced politely). */
function SaveOutcome({ state, extra }: { state: SaveState; extra?: ReactNode }) {
  const { t } = useTranslation('accounts');
  const errorText = useServerErrorText();
  if (state.kind === 'saved') {
    return (
      <Alert variant="success" testId="settings-saved">
        {t('settings.saved')} {extra}
      </Alert>
    );
  }
  if (state.kind === 'unchanged') return <Alert variant="info">{t('settings.unchanged')}</Alert>;
  if (state.kind === 'error') return <Alert testId="settings-error">{errorText(state.error)}</Alert>;
  return null;
}

function generalFormOf(settings: AccountsSettingsFragment): GeneralForm {
  const { general } = settings;
  return { avatar: general.avatar ?? '', username: general.username, fullName: general.fullName ?? '', email: general.email, company: general.company ?? '' };
}

function infoFormOf(settings: AccountsSettingsFragment): InfoForm {
  const { info } = settings;
  return { bio: info.bio ?? '', dob: info.dob ?? '', country: info.country ?? '', website: info.website ?? '', phone: info.phone ?? '' };
}

function socialFormOf(settings: AccountsSettingsFragment): SocialForm {
  return Object.fromEntries(SOCIAL_KEYS.map((key) => [key, settings.social.socialLinks[key]])) as SocialForm;
}

function flagsOf(settings: AccountsSettingsFragment): Record<NotificationKey, boolean> {
  return Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, settings.notification[key]])) as Record<NotificationKey, boolean>;
}

interface SectionProps {
  settings: AccountsSettingsFragment;
  /** null: the signed-in user's own settings. */
  userId: string | null;
}

function SaveButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation('accounts');
  return (
    <Button type="submit" disabled={busy} aria-busy={busy} data-testid="settings-submit">
      {t('common.saveChanges')}
    </Button>
  );
}

export function GeneralSection({ settings, userId }: SectionProps) {
  const { t } = useTranslation('accounts');
  const fieldMessages = useFieldMessages();
  const [initial, setInitial] = useState(() => generalFormOf(settings));
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Problems<keyof GeneralForm>>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [save, { loading }] = useAccountsUpdateGeneralMutation();
  const serverError = state.kind === 'error' ? state.error : null;
  const errorsOf = (field: keyof GeneralForm) => [...problemText(t, problems[field]), ...fieldMessages(serverError, field)];
  const set = (field: keyof GeneralForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found = validateGeneral(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const input = generalChanges(initial, form);
    if (Object.keys(input).length === 0) {
      setState({ kind: 'unchanged' });
      return;
    }
    try {
      // Own name or email changed: the menus re-read the signed-in user.
      const result = await save({ variables: { userId, input }, refetchQueries: userId ? ['AccountsSettings'] : ['AccountsSettings', 'Viewer'] });
      if (result.data) {
        const saved = generalFormOf(result.data.updateAccountGeneral);
        setInitial(saved);
        setForm(saved);
      }
      setState({ kind: 'saved' });
    } catch (caught) {
      setState({ kind: 'error', error: serverErrorOf(caught) });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="settings-general">
      <StyledAvatarRow>
        <Avatar name={form.fullName || form.username} src={form.avatar && !problems.avatar ? form.avatar : null} large />
        <p>{t('settings.avatarHint')}</p>
      </StyledAvatarRow>
      <StyledFormGrid>
        <TextField label={t('fields.avatar')} type="url" value={form.avatar} onChange={(e) => set('avatar')(e.target.value)} errors={errorsOf('avatar')} placeholder="https://…" />
        <TextField label={t('fields.username')} autoComplete="username" value={form.username} onChange={(e) => set('username')(e.target.value)} errors={errorsOf('username')} data-testid="settings-username" />
        <TextField label={t('fields.fullName')} autoComplete="name" value={form.fullName} onChange={(e) => set('fullName')(e.target.value)} errors={errorsOf('fullName')} data-testid="settings-full-name" />
        <TextField label={t('fields.email')} type="email" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.target.value)} errors={errorsOf('email')} />
        <TextField label={t('fields.company')} autoComplete="organization" value={form.company} onChange={(e) => set('company')(e.target.value)} errors={errorsOf('company')} />
      </StyledFormGrid>
      <SaveOutcome state={state} />
      <StyledActions>
        <SaveButton busy={loading} />
      </StyledActions>
    </form>
  );
}

export function InfoSection({ settings, userId }: SectionProps) {
  const { t } = useTranslation('accounts');
  const fieldMessages = useFieldMessages();
  const [initial, setInitial] = useState(() => infoFormOf(settings));
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Problems<keyof InfoForm>>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [save, { loading }] = useAccountsUpdateInfoMutation();
  const serverError = state.kind === 'error' ? state.error : null;
  const errorsOf = (field: keyof InfoForm) => [...problemText(t, problems[field]), ...fieldMessages(serverError, field)];
  const set = (field: keyof InfoForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found = validateInfo(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const input = infoChanges(initial, form);
    if (Object.keys(input).length === 0) {
      setState({ kind: 'unchanged' });
      return;
    }
    try {
      const result = await save({ variables: { userId, input }, refetchQueries: ['AccountsSettings'] });
      if (result.data) {
        const saved = infoFormOf(result.data.updateAccountInfo);
        setInitial(saved);
        setForm(saved);
      }
      setState({ kind: 'saved' });
    } catch (caught) {
      setState({ kind: 'error', error: serverErrorOf(caught) });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="settings-info">
      <TextAreaField label={t('fields.bio')} maxLength={1000} value={form.bio} onChange={(e) => set('bio')(e.target.value)} errors={errorsOf('bio')} data-testid="settings-bio" />
      <StyledFormGrid>
        <TextField label={t('fields.dob')} type="date" value={form.dob} onChange={(e) => set('dob')(e.target.value)} errors={errorsOf('dob')} />
        <TextField label={t('fields.country')} autoComplete="country-name" value={form.country} onChange={(e) => set('country')(e.target.value)} errors={errorsOf('country')} />
        <TextField label={t('fields.website')} type="url" placeholder="https://…" value={form.website} onChange={(e) => set('website')(e.target.value)} errors={errorsOf('website')} />
        <TextField label={t('fields.phone')} type="tel" autoComplete="tel" value={form.phone} onChange={(e) => set('phone')(e.target.value)} errors={errorsOf('phone')} />
      </StyledFormGrid>
      <SaveOutcome state={state} />
      <StyledActions>
        <SaveButton busy={loading} />
      </StyledActions>
    </form>
  );
}

export function SocialSection({ settings, userId }: SectionProps) {
  const { t } = useTranslation('accounts');
  const fieldMessages = useFieldMessages();
  const [initial, setInitial] = useState(() => socialFormOf(settings));
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Problems<keyof SocialForm>>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [save, { loading }] = useAccountsUpdateSocialMutation();
  const serverError = state.kind === 'error' ? state.error : null;
  const twitch = settings.social.connections.twitch?.id;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found = validateSocial(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const input = socialChanges(initial, form);
    if (Object.keys(input).length === 0) {
      setState({ kind: 'unchanged' });
      return;
    }
    try {
      const result = await save({ variables: { userId, input }, refetchQueries: ['AccountsSettings'] });
      if (result.data) {
        const saved = socialFormOf(result.data.updateAccountSocial);
        setInitial(saved);
        setForm(saved);
      }
      setState({ kind: 'saved' });
    } catch (caught) {
      setState({ kind: 'error', error: serverErrorOf(caught) });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="settings-social">
      <h3>{t('settings.socialLinks')}</h3>
      <StyledFormGrid>
        {SOCIAL_KEYS.map((key) => (
          <TextField
            key={key}
            label={t(`social.${key}`)}
            type="url"
            placeholder="https://…"
            value={form[key]}
            onChange={(e) => setForm((current) => ({ ...current, [key]: e.target.value }))}
            errors={[...problemText(t, problems[key]), ...fieldMessages(serverError, key)]}
          />
        ))}
      </StyledFormGrid>
      <h3>{t('settings.connections')}</h3>
      <p data-testid="twitch-connection">{twitch ? t('settings.twitchConnected', { name: twitch }) : t('settings.twitchNone')}</p>
      <SaveOutcome state={state} />
      <StyledActions>
        <SaveButton busy={loading} />
      </StyledActions>
    </form>
  );
}

export function NotificationSection({ settings, userId }: SectionProps) {
  const { t } = useTranslation('accounts');
  const [initial, setInitial] = useState(() => flagsOf(settings));
  const [flags, setFlags] = useState(initial);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [save, { loading }] = useAccountsUpdateNotificationsMutation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const input = notificationChanges(initial, flags);
    if (Object.keys(input).length === 0) {
      setState({ kind: 'unchanged' });
      return;
    }
    try {
      const result = await save({ variables: { userId, input }, refetchQueries: ['AccountsSettings'] });
      if (result.data) {
        const saved = flagsOf(result.data.updateAccountNotifications);
        setInitial(saved);
        setFlags(saved);
      }
      setState({ kind: 'saved' });
    } catch (caught) {
      setState({ kind: 'error', error: serverErrorOf(caught) });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="settings-notifications">
      <StyledFieldset>
        <legend>{t('settings.notificationsLegend')}</legend>
        {NOTIFICATION_KEYS.map((key) => (
          <SwitchField
            key={key}
            label={t(`notifications.${key}`)}
            checked={flags[key]}
            onChange={(checked) => setFlags((current) => ({ ...current, [key]: checked }))}
            testId={`notify-${key}`}
          />
        ))}
      </StyledFieldset>
      <SaveOutcome state={state} />
      <StyledActions>
        <SaveButton busy={loading} />
      </StyledActions>
    </form>
  );
}

type PasswordField = 'currentPassword' | 'newPassword' | 'confirm';

/** Own password only. The server ends every other sign-in and returns a fresh one for this device. */
export function PasswordSection() {
  const { t } = useTranslation('accounts');
  const fieldMessages = useFieldMessages();
  const [form, setForm] = useState<Record<PasswordField, string>>({ currentPassword: '', newPassword: '', confirm: '' });
  const [problems, setProblems] = useState<Partial<Record<PasswordField, string>>>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [change, { loading }] = useAccountsChangePasswordMutation();
  const serverError = state.kind === 'error' ? state.error : null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found: Partial<Record<PasswordField, string>> = {};
    if (!form.currentPassword) found.currentPassword = t('validation.required');
    if (isClearlyWeakPassword(form.newPassword)) found.newPassword = t('validation.passwordShort');
    if (form.confirm !== form.newPassword) found.confirm = t('validation.passwordsDiffer');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await change({ variables: { currentPassword: form.currentPassword, newPassword: form.newPassword } });
      const payload = parseAuthPayload(result.data?.changePassword);
      if (payload) saveSession(payload);
      setForm({ currentPassword: '', newPassword: '', confirm: '' });
      setState({ kind: 'saved' });
    } catch (caught) {
      setState({ kind: 'error', error: serverErrorOf(caught) });
    }
  }

  const errorsOf = (field: PasswordField) => [...(problems[field] ? [problems[field]] : []), ...fieldMessages(serverError, field)];
  const showError = serverError && !(serverError.code === 'INVALID_CREDENTIALS' || serverError.code === 'WEAK_PASSWORD');

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="settings-password">
      <p>{t('password.intro')}</p>
      <PasswordInput
        label={t('password.current')}
        autoComplete="current-password"
        value={form.currentPassword}
        onChange={(e) => setForm((current) => ({ ...current, currentPassword: e.target.value }))}
        errors={serverError?.code === 'INVALID_CREDENTIALS' ? [t('password.wrongCurrent')] : errorsOf('currentPassword')}
        data-testid="password-current"
      />
      <StyledFormGrid>
        <PasswordInput
          label={t('password.new')}
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => setForm((current) => ({ ...current, newPassword: e.target.value }))}
          errors={serverError?.code === 'WEAK_PASSWORD' ? [t('validation.passwordShort')] : errorsOf('newPassword')}
          data-testid="password-new"
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          value={form.confirm}
          onChange={(e) => setForm((current) => ({ ...current, confirm: e.target.value }))}
          errors={errorsOf('confirm')}
          data-testid="password-confirm"
        />
      </StyledFormGrid>
      {state.kind === 'saved' ? (
        <Alert variant="success" testId="password-changed">
          {t('password.changed')}
        </Alert>
      ) : null}
      {showError ? <SaveOutcome state={state} /> : null}
      <StyledActions>
        <Button type="submit" disabled={loading} aria-busy={loading} data-testid="password-submit">
          {t('password.submit')}
        </Button>
      </StyledActions>
    </form>
  );
}
