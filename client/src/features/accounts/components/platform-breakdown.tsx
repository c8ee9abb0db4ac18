import { useTranslation } from 'react-i18next'
import { StyledTable, StyledTableWrap } from '../../../components/ui/table'
import { useFormatters } from '../../../lib/format'
import { StyledMuted } from './data-table'

export interface PlatformFigures {
  platform: string
  channels: number
  owners: number
  runningBots: number
  live: number
  connectedInRange: number
}

const FIGURES = ['channels', 'owners', 'runningBots', 'live', 'connectedInRange'] as const

/** The channel figures of the admin dashboard by platform (Twitch, Kick), one row each, as the server counts them. */
export function PlatformBreakdown({ platforms, days }: { platforms: PlatformFigures[]; days: number }) {
  const { t } = useTranslation('accounts')
  const format = useFormatters()
  return (
    <>
      <StyledTableWrap>
        <StyledTable data-testid="platform-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.platform.name')}</th>
              {FIGURES.map((key) => (
                <th key={key} scope="col">
                  {t(`admin.platform.${key}`, { days })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {platforms.map((p) => (
              <tr key={p.platform} data-testid={`platform-${p.platform}`}>
                <th scope="row">{p.platform === 'kick' ? 'Kick' : p.platform === 'twitch' ? 'Twitch' : p.platform}</th>
                {FIGURES.map((key) => (
                  <td key={key} data-testid={`platform-${p.platform}-${key}`}>
                    {format.number(p[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </StyledTable>
      </StyledTableWrap>
      <StyledMuted>{t('admin.platform.note')}</StyledMuted>
    </>
  )
}
