/**
 * Account settings, "Two-step verification" (README): set up TOTP with a QR code (its text
 * alternative and the manual key carry the secret for apps without a camera), confirm with a
 * first code, see the ten recovery codes once; turn it off with a code. Admins also set
 * whether admins and resellers must use it.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/loading-state';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { apiFetch, postJson } from '../../../lib/api-fetch';
import { useAbility } from '../../../lib/ability-context';

interface Status {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
  requireForStaff?: boolean;
}

interface Setup {
  secret: string;
  uri: string;
  qrSvg: string;
}

const StyledQr = styled.img`
  width: 200px;
  height: 200px;
  background: #fff;
  padding: ${({ theme }) => theme.space.xs};
`;

const StyledCodes = styled.ol`
  columns: 2;
  font-family: monospace;
`;

const StyledKey = styled.code`
  word-break: break-all;
`;

async function send(method: string, url: string, body: unknown): Promise<{ status: number; data: unknown }> {
  if (method === 'POST') return postJson(url, body);
  const response = await apiFetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, data: await response.json().catch(() => null) };
}

export function TwoStepSection() {
  // The staff policy is set with PUT /jwt/two-step/policy: manage all (admins).
  const canSetPolicy = useAbility().can('manage', 'all');
  const { t } = useTranslation('accounts');
  const [status, setStatus] = useState<Status | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Bumped to read the status again after a change.
  const [version, setVersion] = useState(0);
  const load = () => setVersion((current) => current + 1);

  useEffect(() => {
    let live = true;
    send('GET', '/jwt/two-step', undefined)
      .catch(() => ({ status: 0, data: null }))
      .then(({ status: http, data }) => {
        if (!live) return;
        if (http === 200) setStatus(data as Status);
        else setProblem(t('twoStep.loadFailed'));
      });
    return () => {
      live = false;
    };
  }, [t, version]);

  async function run(method: string, url: string, body: unknown): Promise<unknown> {
    setBusy(true);
    setProblem(null);
    try {
      const { status: http, data } = await send(method, url, body);
      if (http === 200) return data;
      setProblem(http === 400 ? t('twoStep.invalidCode') : http === 403 ? t('twoStep.requiredCannotDisable') : t('twoStep.failed'));
      return null;
    } catch {
      setProblem(t('twoStep.failed'));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function begin() {
    const data = (await run('POST', '/jwt/two-step/setup', {})) as Setup | null;
    if (data) {
      setSetup(data);
      setCode('');
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = (await run('POST', '/jwt/two-step/confirm', { code: code.trim() })) as { recoveryCodes: string[] } | null;
    if (!data) return;
    setCodes(data.recoveryCodes);
    setSetup(null);
    setCode('');
    load();
  }

  async function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await run('POST', '/jwt/two-step/disable', { code: code.trim() })) {
      setCode('');
      setCodes(null);
      load();
    }
  }

  async function setPolicy(requireForStaff: boolean) {
    if (await run('PUT', '/jwt/two-step/policy', { requireForStaff })) load();
  }

  if (!status) return problem ? <Alert>{problem}</Alert> : <LoadingState />;

  const codeField = (
    <TextField
      label={t('twoStep.code')}
      autoComplete="one-time-code"
      inputMode="numeric"
      value={code}
      onChange={(event) => setCode(event.target.value)}
      data-testid="two-step-setting-code"
    />
  );

  return (
    <div data-testid="settings-two-step">
      <p>{t('twoStep.intro')}</p>
      {problem ? <Alert testId="two-step-problem">{problem}</Alert> : null}
      {status.required && !status.enabled ? (
        <Alert variant="warning" testId="two-step-required">
          {t('twoStep.required')}
        </Alert>
      ) : null}
      {codes ? (
        <Alert variant="success" testId="two-step-recovery-codes">
          <p>{t('twoStep.recoveryIntro')}</p>
          <StyledCodes>
            {codes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </StyledCodes>
        </Alert>
      ) : null}
      {status.enabled ? (
        <form noValidate onSubmit={disable}>
          <p data-testid="two-step-on">{t('twoStep.on', { count: status.recoveryCodesLeft })}</p>
          {codeField}
          <Button type="submit" variant="danger" disabled={busy} data-testid="two-step-disable">
            {t('twoStep.disable')}
          </Button>
        </form>
      ) : setup ? (
        <form noValidate onSubmit={confirm}>
          <p>{t('twoStep.scan')}</p>
          <StyledQr src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} alt={t('twoStep.qrAlt', { key: setup.secret })} data-testid="two-step-qr" />
          <p>
            {t('twoStep.manualKey')} <StyledKey data-testid="two-step-secret">{setup.secret}</StyledKey>
          </p>
          {codeField}
          <Button type="submit" disabled={busy} data-testid="two-step-confirm">
            {t('twoStep.confirm')}
          </Button>
        </form>
      ) : (
        <Button type="button" onClick={() => void begin()} disabled={busy} data-testid="two-step-begin">
          {t('twoStep.begin')}
        </Button>
      )}
      {canSetPolicy && status.requireForStaff !== undefined ? (
        <Switch
          label={t('twoStep.policy')}
          description={t('twoStep.policyHint')}
          checked={status.requireForStaff}
          onChange={(checked) => void setPolicy(checked)}
          disabled={busy}
          testId="two-step-policy"
        />
      ) : null}
    </div>
  );
}
