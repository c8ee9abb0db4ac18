import { describe, expect, it } from 'vitest'
import { editChanges, editFormOf, validateEdit } from '../../../client/src/features/accounts/lib/user-edit'
import {
  generalChanges,
  infoChanges,
  notificationChanges,
  socialChanges,
  validateGeneral,
  validateInfo,
  validateSocial,
} from '../../../client/src/features/accounts/lib/settings-forms'
import {
  EMPTY_NEW_USER,
  type NewUserForm,
  createUserInput,
  isClearlyWeakPassword,
  isHttpUrl,
  parseIntInRange,
  validateNewUser,
} from '../../../client/src/features/accounts/lib/validation'

const blank: NewUserForm = EMPTY_NEW_USER

describe('add-user form', () => {
  it('asks for username and email, and a plan or key for a client', () => {
    expect(validateNewUser(blank, 'admin')).toEqual({ username: 'required', email: 'required', plan: 'planOrKey' })
    expect(validateNewUser(blank, 'reseller')).toEqual({ username: 'required', email: 'required', licenseKey: 'required' })
  })

  it('checks formats the way the server does', () => {
    const form = {
      ...blank,
      username: 'a b',
      email: 'nope',
      twitchname: 'x',
      contact: 'call me',
      password: 'aaaaaaaa',
      plan: 'Pro',
      totalDays: '0',
      resellerId: 'two',
    }
    expect(validateNewUser(form, 'admin')).toEqual({
      username: 'usernameInvalid',
      email: 'emailInvalid',
      twitchname: 'twitchInvalid',
      contact: 'phoneInvalid',
      password: 'passwordShort',
      totalDays: 'numberRange',
      resellerId: 'numberRange',
    })
  })

  it('needs no plan for a reseller or admin account', () => {
    expect(validateNewUser({ ...blank, username: 'shop', email: 'shop@example.com', role: 'reseller' }, 'admin')).toEqual({})
  })

  it('sends a plan with TotalDays, or a key, never both, and leaves empty fields out', () => {
    const form = { ...blank, username: ' jane ', email: 'jane@example.com', plan: 'Pro', totalDays: '60', resellerId: '2' }
    expect(createUserInput(form, 'admin')).toEqual({
      username: 'jane',
      email: 'jane@example.com',
      fullName: undefined,
      company: undefined,
      country: undefined,
      contact: undefined,
      twitchname: undefined,
      password: undefined,
      role: 'client',
      currentPlan: 'Pro',
      totalDays: 60,
      licenseKey: undefined,
      resellerId: '2',
    })
    const reseller = createUserInput({ ...form, plan: 'Pro', licenseKey: 'ABCD-EFGH-JKLM-NPQR', role: 'admin' }, 'reseller')
    expect(reseller).toMatchObject({ role: undefined, currentPlan: undefined, totalDays: undefined, licenseKey: 'ABCD-EFGH-JKLM-NPQR', resellerId: undefined })
  })

  it('has small helpers that match the server limits', () => {
    expect(isClearlyWeakPassword('short')).toBe(true)
    expect(isClearlyWeakPassword('abababab')).toBe(true)
    expect(isClearlyWeakPassword('Str0ng-pass')).toBe(false)
    expect(isHttpUrl('https://example.com/x')).toBe(true)
    expect(isHttpUrl('javascript:alert(1)')).toBe(false)
    expect(isHttpUrl('example.com')).toBe(false)
    expect(parseIntInRange('12', 1, 100)).toBe(12)
    expect(parseIntInRange('0', 1, 100)).toBeNull()
    expect(parseIntInRange('1.5', 1, 100)).toBeNull()
  })
})

describe('user edit form', () => {
  const user = {
    fullName: 'Jane Doe',
    email: 'jane@example.com',
    company: null,
    country: 'Germany',
    contact: null,
    twitchname: 'jane_tv',
    role: 'client' as const,
    currentPlan: 'Starter',
    resellerId: '2',
    botPanel: { active: true, autostart: true, chatbot: true, categoryChatbot: false },
  }

  it('sends only what changed; emptied fields clear', () => {
    const before = editFormOf(user)
    const after = { ...before, country: '', fullName: 'Jane D.', active: false, role: 'reseller' as const, package: 'Pro' }
    expect(editChanges(before, after, true)).toEqual({ country: null, fullName: 'Jane D.', botPanel: { active: false }, role: 'reseller', package: 'Pro' })
    expect(editChanges(before, after, false)).toEqual({ country: null, fullName: 'Jane D.', botPanel: { active: false } })
    expect(editChanges(before, { ...before, email: 'JANE@example.com' }, true)).toEqual({})
  })

  it('checks email, Twitch name, phone and reseller id', () => {
    expect(validateEdit({ ...editFormOf(user), email: '', twitchname: 'a', contact: 'x', resellerId: 'r' })).toEqual({
      email: 'required',
      twitchname: 'twitchInvalid',
      contact: 'phoneInvalid',
      resellerId: 'numberRange',
    })
  })
})

describe('account settings forms', () => {
  it('general: checks and diffs', () => {
    const before = { avatar: '', username: 'jane', fullName: 'Jane', email: 'jane@example.com', company: 'ACME' }
    expect(validateGeneral({ ...before, username: 'j', avatar: 'ftp://x' })).toEqual({ username: 'usernameInvalid', avatar: 'urlInvalid' })
    expect(validateGeneral({ ...before, avatar: '/img/me.png' })).toEqual({})
    expect(generalChanges(before, { ...before, company: ' ', fullName: 'Jane Doe' })).toEqual({ company: null, fullName: 'Jane Doe' })
  })

  it('info, social and notifications: only changes', () => {
    const info = { bio: '', dob: '', country: '', website: '', phone: '' }
    expect(validateInfo({ ...info, website: 'www.x.com', phone: 'abc' })).toEqual({ website: 'urlInvalid', phone: 'phoneInvalid' })
    expect(infoChanges(info, { ...info, dob: '1990-02-03' })).toEqual({ dob: '1990-02-03' })
    const social = { twitter: 'https://twitter.com/jane', facebook: '', google: '', linkedIn: '', instagram: '', quora: '' }
    expect(validateSocial({ ...social, quora: 'quora' })).toEqual({ quora: 'urlInvalid' })
    expect(socialChanges(social, { ...social, twitter: '' })).toEqual({ twitter: '' })
    const flags = { commentOnArticle: true, AnswerOnForm: true, followMe: false, newAnnouncements: true, productUpdates: true, blogDigest: false }
    expect(notificationChanges(flags, { ...flags, followMe: true })).toEqual({ followMe: true })
  })
})
