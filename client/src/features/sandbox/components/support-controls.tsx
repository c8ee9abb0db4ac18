import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { StyledFieldRow } from '../../../components/ui/form-grid'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import type { SandboxSupportKind } from '../../../gql/types'
import { SandboxSupportDocument } from '../graphql/sandbox.generated'
import { useMutation } from '@apollo/client/react'

const KINDS: readonly SandboxSupportKind[] = ['sub', 'resub', 'gift', 'cheer']

/**
 * The test viewer subscribes, resubscribes (amount: months), gifts subscriptions or cheers
 * bits: the local Twitch sends the EventSub events Twitch would, so the alerts and the overlay
 * react as on a real channel.
 */
export function SupportControls(props: {
  channelId: string
  viewer: string
  viewerValid: boolean
  disabled: boolean
  run: (action: () => Promise<unknown>, done: string) => Promise<boolean>
}) {
  const { t } = useTranslation('sandbox')
  const [kind, setKind] = useState<SandboxSupportKind>('sub')
  const [amount, setAmount] = useState('1')
  const [support, state] = useMutation(SandboxSupportDocument)
  const n = Number(amount)
  const amountValid = Number.isInteger(n) && n >= 1 && n <= 100_000
  return (
    <StyledFieldRow>
      <SelectField label={t('support.kind')} value={kind} onChange={(e) => setKind(e.target.value as SandboxSupportKind)} data-testid="sandbox-support-kind">
        {KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`support.kinds.${k}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('support.amount')}
        type="number"
        min={1}
        max={100000}
        value={amount}
        disabled={kind === 'sub'}
        onChange={(e) => setAmount(e.target.value)}
        data-testid="sandbox-support-amount"
      />
      <Button
        variant="secondary"
        disabled={props.disabled || state.loading || !props.viewerValid || (kind !== 'sub' && !amountValid)}
        onClick={() =>
          void props.run(
            () => support({ variables: { channelId: props.channelId, viewer: props.viewer.trim(), kind, amount: kind === 'sub' ? 1 : n } }),
            t(`support.done.${kind}`, { viewer: props.viewer, count: n }),
          )
        }
        data-testid="sandbox-support"
      >
        {t('support.send', { viewer: props.viewer })}
      </Button>
    </StyledFieldRow>
  )
}
