/**
 * Account settings, "Two-step verification" (docs/features/sign-in.md): set up TOTP with a QR code (its text
 * alternative and the manual key carry the secret for apps without a camera), confirm with a
 * first code, see the ten recovery codes once; turn it off, or get new recovery codes, with a
 * code. Set-up, turning off and new codes ask for the password (an access token alone must not
 * do them); with Firebase sign-in the password signs in to Firebase again for a fresh ID token.
 * The confirmation answers a fresh sign-in for this device (stored here). Admins also set
 * whether admins and resellers must use it.
 */
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { LoadingState } from '../../../components/ui/loading-state'
import { PasswordField } from '../../../components/ui/password-field'
import { Switch } from '../../../components/ui/switch'
import { TextField } from '../../../components/ui/text-field'
import { apiFetch, postJson } from '../../../lib/api-fetch'
import { useAbility } from '../../../lib/ability-context'
import { authConfig } from '../../../lib/auth-config'
import { getUserData, saveSession } from '../../../lib/session'
import { parseAuthPayload } from '../../../lib/session-types'
import { loadFirebaseClient } from '../../auth'

interface Status {
  enabled: boolean
  required: boolean
  recoveryCodesLeft: number
  requireForStaff?: boolean
}

interface Setup {
  secret: string
  uri: string
  qrSvg: string
}

const StyledQr = styled.img`
  width: 200px;
  height: 200px;
  background: #fff;
  padding: ${({ theme }) => theme.space.xs};
`

const StyledCodes = styled.ol`
  columns: 2;
  font-family: monospace;
`

const StyledKey = styled.code`
  word-break: break-all;
`

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`

/** What proves the password to the server: the password itself, or with Firebase sign-in a fresh ID token (null: Firebase refused it). */
async function proofOf(password: string): Promise<{ password: string } | { idToken: string } | null> {
  const config = await authConfig()
  if (config.provider !== 'firebase') return { password }
  const { firebaseSignIn } = await loadFirebaseClient()
  const outcome = await firebaseSignIn(config.firebase, getUserData()?.email ?? '', password)
  return outcome.ok ? { idToken: outcome.value } : null
}

async function send(method: string, url: string, body: unknown): Promise<{ status: number; data: unknown }> {
  if (method === 'POST') return postJson(url, body)
  const response = await apiFetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, data: await response.json().catch(() => null) }
}

export function TwoStepSection() {
  // The staff policy is set with PUT /jwt/two-step/policy: manage all (admins).
  const canSetPolicy = useAbility().can('manage', 'all')
  const { t } = useTranslation('accounts')
  const [status, setStatus] = useState<Status | null>(null)
  const [setup, setSetup] = useState<Setup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  // Bumped to read the status again after a change.
  const [version, setVersion] = useState(0)
  const load = () => setVersion((current) => current + 1)

  useEffect(() => {
    let live = true
    send('GET', '/jwt/two-step', undefined)
      .catch(() => ({ status: 0, data: null }))
      .then(({ status: http, data }) => {
        if (!live) return
        if (http === 200) setStatus(data as Status)
        else setProblem(t('twoStep.loadFailed'))
      })
    return () => {
      live = false
    }
  }, [t, version])

  /** The server's refusal in the section's words: a password problem under its field, the rest above. */
  function explain(http: number, data: unknown) {
    const serverCode = (data as { code?: unknown } | null)?.code
    if (serverCode === 'PASSWORD_REQUIRED') setPasswordProblem(t('twoStep.passwordRequired'))
    else if (serverCode === 'INVALID_CREDENTIALS') setPasswordProblem(t('twoStep.wrongPassword'))
    else if (http === 429) setProblem(t('twoStep.tooManyAttempts'))
    else setProblem(http === 400 ? t('twoStep.invalidCode') : http === 403 ? t('twoStep.requiredCannotDisable') : t('twoStep.failed'))
  }

  async function run(method: string, url: string, body: unknown): Promise<unknown> {
    setBusy(true)
    setProblem(null)
    setPasswordProblem(null)
    try {
      const { status: http, data } = await send(method, url, body)
      if (http === 200) return data
      explain(http, data)
      return null
    } catch {
      setProblem(t('twoStep.failed'))
      return null
    } finally {
      setBusy(false)
    }
  }

  /** Runs a call that needs the password; an empty one is asked for before anything is sent. */
  async function withPassword(url: string, body: Record<string, unknown>): Promise<unknown> {
    if (!password) {
      setPasswordProblem(t('twoStep.passwordRequired'))
      return null
    }
    const proof = await proofOf(password).catch(() => null)
    if (!proof) {
      setPasswordProblem(t('twoStep.wrongPassword'))
      return null
    }
    const data = await run('POST', url, { ...body, ...proof })
    if (data) setPassword('')
    return data
  }

  async function begin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = (await withPassword('/jwt/two-step/setup', {})) as Setup | null
    if (data) {
      setSetup(data)
      setCode('')
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = (await run('POST', '/jwt/two-step/confirm', { code: code.trim() })) as { recoveryCodes: string[]; session?: unknown } | null
    if (!data) return
    // Every other sign-in ended; this device's fresh one counts as two-step.
    const session = parseAuthPayload(data.session)
    if (session) saveSession(session)
    setCodes(data.recoveryCodes)
    setSetup(null)
    setCode('')
    load()
  }

  /** The form of a user with two-step on: the button pressed says which (Enter in a field asks for new codes, the first button). */
  async function change(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const action = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value
    if (action === 'disable') {
      if (await withPassword('/jwt/two-step/disable', { code: code.trim() })) {
        setCode('')
        setCodes(null)
        load()
      }
      return
    }
    const data = (await withPassword('/jwt/two-step/recovery-codes', { code: code.trim() })) as { recoveryCodes: string[] } | null
    if (!data) return
    setCode('')
    setCodes(data.recoveryCodes)
    load()
  }

  async function setPolicy(requireForStaff: boolean) {
    if (await run('PUT', '/jwt/two-step/policy', { requireForStaff })) load()
  }

  if (!status) return problem ? <Alert>{problem}</Alert> : <LoadingState />

  const codeField = (
    <TextField
      label={t('twoStep.code')}
      autoComplete="one-time-code"
      inputMode="numeric"
      value={code}
      onChange={(event) => setCode(event.target.value)}
      data-testid="two-step-setting-code"
    />
  )

  const passwordField = (
    <PasswordField
      label={t('twoStep.password')}
      hint={t('twoStep.passwordHint')}
      autoComplete="current-password"
      value={password}
      onChange={(event) => setPassword(event.target.value)}
      errors={passwordProblem ? [passwordProblem] : undefined}
      data-testid="two-step-password"
    />
  )

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
        <form noValidate onSubmit={change}>
          <p data-testid="two-step-on">{t('twoStep.on', { count: status.recoveryCodesLeft })}</p>
          {passwordField}
          {codeField}
          <StyledActions>
            <Button type="submit" value="regenerate" disabled={busy} data-testid="two-step-regenerate">
              {t('twoStep.regenerate')}
            </Button>
            <Button type="submit" value="disable" variant="danger" disabled={busy} data-testid="two-step-disable">
              {t('twoStep.disable')}
            </Button>
          </StyledActions>
        </form>
      ) : setup ? (
        <form noValidate onSubmit={confirm}>
          <p>{t('twoStep.scan')}</p>
          <StyledQr
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t('twoStep.qrAlt', { key: setup.secret })}
            data-testid="two-step-qr"
          />
          <p>
            {t('twoStep.manualKey')} <StyledKey data-testid="two-step-secret">{setup.secret}</StyledKey>
          </p>
          {codeField}
          <Button type="submit" disabled={busy} data-testid="two-step-confirm">
            {t('twoStep.confirm')}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={begin}>
          {passwordField}
          <Button type="submit" disabled={busy} data-testid="two-step-begin">
            {t('twoStep.begin')}
          </Button>
        </form>
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
  )
}
