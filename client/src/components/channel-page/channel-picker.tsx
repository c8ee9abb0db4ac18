import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { StyledSelect } from '../ui/form-control'
import { StyledInlinePicker } from '../ui/inline-picker'
import { platformKey } from './platform-label'

const StyledPicker = styled(StyledInlinePicker)`
  min-width: 0;
  max-width: 100%;

  select {
    min-width: min(100%, calc(${({ theme }) => theme.sizes.toastWidth} / 1.5));
    /* A long channel name is cut, not the page widened (the open list shows it whole). */
    max-width: 100%;
    text-overflow: ellipsis;
  }
`

export interface PickableChannel {
  id: string
  platform: 'twitch' | 'kick'
  sandbox?: boolean
  displayName: string
}

/** Chooses the channel a page works on (a native select: fully keyboard accessible). */
export function ChannelPicker({ channels, value, onChange }: { channels: readonly PickableChannel[]; value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation('assistant')
  const id = useId()
  return (
    <StyledPicker>
      <label htmlFor={id}>{t('common.channel')}</label>
      <StyledSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} data-testid="channel-picker">
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            {channel.displayName} ({t(platformKey(channel))})
          </option>
        ))}
      </StyledSelect>
    </StyledPicker>
  )
}
