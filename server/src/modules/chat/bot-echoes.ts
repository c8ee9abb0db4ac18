/**
 * The lines this process sent as the bot, per channel, to recognise their echo in the chat when
 * the bot speaks as the broadcaster (no separate bot account): by the message id the platform
 * answered, or by text while the send is under way (the echo may arrive before the answer).
 * Every sender goes through the chat service's sendAsBot (the worker's queue, the chatboard,
 * giveaway announcements), so one record serves them all. Bounded: echoes that never come (chat
 * not subscribed, a dropped session) do not pile up.
 */
export const BOT_ECHO_MARKS = 200

interface Marks {
  sending: Map<string, number>
  ids: string[]
}

export class BotEchoes {
  private readonly channels = new Map<number, Marks>()

  private of(channelId: number): Marks {
    let marks = this.channels.get(channelId)
    if (!marks) this.channels.set(channelId, (marks = { sending: new Map(), ids: [] }))
    return marks
  }

  /** A send starts: its text is the bot's until the answer comes. */
  sending(channelId: number, text: string): void {
    const { sending } = this.of(channelId)
    sending.set(text, (sending.get(text) ?? 0) + 1)
    for (const key of sending.keys()) {
      if (sending.size <= BOT_ECHO_MARKS) break
      sending.delete(key)
    }
  }

  /** The send ended: a line not sent has no echo to wait for; a sent one's id is kept (its text mark stays until the echo takes it). */
  sent(channelId: number, text: string, ok: boolean, id?: string | null): void {
    const marks = this.of(channelId)
    if (!ok) this.take(marks, text)
    else if (id) {
      marks.ids.push(id)
      if (marks.ids.length > BOT_ECHO_MARKS) marks.ids.splice(0, marks.ids.length - BOT_ECHO_MARKS)
    }
  }

  /** Whether a line of the sender's account is the echo of a line sent here (each mark answers once). */
  isEcho(channelId: number, messageId: string, text: string): boolean {
    const marks = this.channels.get(channelId)
    if (!marks) return false
    if (this.take(marks, text)) return true
    return marks.ids.includes(messageId)
  }

  private take(marks: Marks, text: string): boolean {
    const n = marks.sending.get(text) ?? 0
    if (n === 1) marks.sending.delete(text)
    else if (n > 1) marks.sending.set(text, n - 1)
    return n > 0
  }
}
