import type { ReactNode } from 'react'
import styled from 'styled-components'

/**
 * On one line, cut with an ellipsis when its box is narrower: a channel's login has no spaces
 * (up to 25 characters on Twitch), and broken anywhere it read as two names. Shrinks in a flex
 * row (min-width 0) instead of pushing it wider than the screen.
 */
const StyledChannelName = styled.span`
  display: block;
  min-width: 0;
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`

/**
 * A channel's name (or a line naming it, `text`) as a heading or inline: whole in its tooltip
 * (title) when cut; a screen reader reads it whole either way.
 */
export function ChannelName({ text, as, id, children }: { text: string; as?: 'h2' | 'h3' | 'span'; id?: string; children?: ReactNode }) {
  return (
    <StyledChannelName as={as} id={id} title={text}>
      {children ?? text}
    </StyledChannelName>
  )
}
