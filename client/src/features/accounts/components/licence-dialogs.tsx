import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast-provider';
import { type AccountsLicenceFragment, useAccountsAssignLicenceMutation, useAccountsExtendLicenceMutation } from '../../../gql/graphql';
import { type ServerError, serverErrorOf } from '../lib/server-error';
import { MAX_EXTEND_DAYS, parseIntInRange } from '../lib/validation';
import { StyledMono } from './data-table';
import { Dialog, StyledDialogActions } from './dialog';
import { SwitchField } from './form-controls';
import { useServerErrorText } from './server-error-text';
import { UserPicker } from './user-picker';

const REFETCH = ['AccountsLicences', 'AccountsUsers', 'AccountsUser'];

/** Reserve a key for a user, and activate it at once when asked. */
export function AssignLicenceDialog({ licence, onClose }: { licence: AccountsLicenceFragment | null; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  return (
    <Dialog open={licence !== null} onClose={onClose} title={t('assign.title')} testId="assign-dialog">
      {licence ? <AssignForm licence={licence} onClose={onClose} /> : null}
    </Dialog>
  );
}

function AssignForm({ licence, onClose }: { licence: AccountsLicenceFragment; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const toast = useToast();
  const errorText = useServerErrorText();
  const [userId, setUserId] = useState('');
  const [activate, setActivate] = useState(true);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const [assign, { loading }] = useAccountsAssignLicenceMutation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setError(null);
    const valid = /^\d{1,15}$/.test(userId);
    setMissing(!valid);
    if (!valid) return;
    try {
      await assign({ variables: { id: licence.id, userId, activate }, refetchQueries: REFETCH, awaitRefetchQueries: true });
      toast.show({ variant: 'success', title: activate ? t('assign.activated') : t('assign.reserved') });
      onClose();
    } catch (caught) {
      setError(serverErrorOf(caught));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <p>
        {t('assign.key')} <StyledMono>{licence.licensekey}</StyledMono> · {licence.planName ?? '—'} · {t('licences.days', { days: licence.totalDays })}
      </p>
      {error ? <Alert testId="assign-error">{errorText(error)}</Alert> : null}
      <UserPicker value={userId} onChange={setUserId} errors={missing ? [t('assign.chooseUser')] : []} />
      <SwitchField label={t('assign.activateNow')} description={t('assign.activateHint')} checked={activate} onChange={setActivate} />
      <StyledDialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={loading} aria-busy={loading} data-testid="assign-submit">
          {t('assign.submit')}
        </Button>
      </StyledDialogActions>
    </form>
  );
}

/** TotalDays + days. */
export function ExtendLicenceDialog({ licence, onClose }: { licence: AccountsLicenceFragment | null; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  return (
    <Dialog open={licence !== null} onClose={onClose} title={t('extend.title')} testId="extend-dialog">
      {licence ? <ExtendForm licence={licence} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ExtendForm({ licence, onClose }: { licence: AccountsLicenceFragment; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const toast = useToast();
  const errorText = useServerErrorText();
  const [days, setDays] = useState('30');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const [extend, { loading }] = useAccountsExtendLicenceMutation();
  const parsed = parseIntInRange(days, 1, MAX_EXTEND_DAYS);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setError(null);
    setInvalid(parsed === null);
    if (parsed === null) return;
    try {
      await extend({ variables: { id: licence.id, days: parsed }, refetchQueries: REFETCH, awaitRefetchQueries: true });
      toast.show({ variant: 'success', title: t('extend.done', { days: licence.totalDays + parsed }) });
      onClose();
    } catch (caught) {
      setError(serverErrorOf(caught));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <p>
        <StyledMono>{licence.licensekey}</StyledMono> · {t('licences.days', { days: licence.totalDays })}
      </p>
      {error ? <Alert>{errorText(error)}</Alert> : null}
      <TextField
        label={t('extend.days')}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_EXTEND_DAYS}
        value={days}
        onChange={(e) => setDays(e.target.value)}
        errors={invalid ? [t('validation.numberRange')] : []}
        data-testid="extend-days"
      />
      {parsed !== null ? <p>{t('extend.result', { days: licence.totalDays + parsed })}</p> : null}
      <StyledDialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={loading} aria-busy={loading} data-testid="extend-submit">
          {t('extend.submit')}
        </Button>
      </StyledDialogActions>
    </form>
  );
}
