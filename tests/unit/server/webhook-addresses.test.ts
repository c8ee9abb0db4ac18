import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { isRefusedAddress, resolveTarget } from '../../../server/src/modules/webhooks/address-guard'
import { newMessageId, newWebhookSecret, signedHeaders } from '../../../server/src/modules/webhooks/signing'

describe('webhook address guard', () => {
  it('refuses loopback, private, link-local, shared, multicast and reserved addresses, v4 and v6', () => {
    for (const a of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ])
      expect(isRefusedAddress(a), a).toBe(true)
  })
  it('lets public addresses through', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isRefusedAddress(a), a).toBe(false)
  })
  it('checks a literal host without DNS, and allows it with the setting', async () => {
    expect(await resolveTarget(new URL('http://[::1]:8080/x'), false)).toMatchObject({ ok: false })
    expect(await resolveTarget(new URL('http://127.0.0.1/x'), true)).toEqual({ ok: true, address: '127.0.0.1', family: 4 })
    expect(await resolveTarget(new URL('http://localhost/x'), false)).toMatchObject({ ok: false })
  })
})

describe('webhook signing', () => {
  it('signs so the standardwebhooks reference library verifies, and not with another secret', () => {
    const secret = newWebhookSecret()
    const id = newMessageId()
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/)
    const body = JSON.stringify({ type: 'follow', timestamp: new Date().toISOString(), data: { login: 'fan' } })
    const headers = signedHeaders(secret, id, new Date(), body)
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'follow' })
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow()
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow()
  })
})
