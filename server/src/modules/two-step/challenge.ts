import { SignJWT, jwtVerify } from 'jose'
import type { UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import { limitedCode, useCode } from './codes'
import { CHALLENGE_TYPE, challengeInput, twoStepMessages, type TwoStepChallenge, type TwoStepDeps } from './two-step-deps'

/** After the password: a short-lived token that only POST /jwt/login/two-step accepts. */
export async function challenge(deps: TwoStepDeps, user: UserRow): Promise<TwoStepChallenge> {
  const t = Math.floor(deps.now().getTime() / 1000)
  const twoStepToken = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: CHALLENGE_TYPE })
    .setSubject(String(user.id))
    .setIssuer(deps.issuer)
    .setAudience(deps.challengeAudience)
    .setIssuedAt(t)
    .setExpirationTime(t + deps.challengeTtlSeconds)
    .sign(deps.challengeKey)
  return { twoStepRequired: true, twoStepToken, expiresIn: deps.challengeTtlSeconds, methods: ['totp', 'recovery'] }
}

/** Checks the challenge token and the code (rate limited like the password); answers the user id. */
export async function verifyChallenge(deps: TwoStepDeps, raw: unknown, clientKey: string): Promise<number> {
  const input = challengeInput.safeParse(raw ?? {})
  if (!input.success) throw new AppError('INVALID_TOKEN', twoStepMessages.challengeExpired)
  let userId: number
  try {
    const { payload } = await jwtVerify(input.data.twoStepToken, deps.challengeKey, {
      algorithms: ['HS256'],
      typ: CHALLENGE_TYPE,
      issuer: deps.issuer,
      audience: deps.challengeAudience,
      currentDate: deps.now(),
      requiredClaims: ['exp', 'sub'],
    })
    userId = Number(payload.sub)
  } catch {
    throw new AppError('INVALID_TOKEN', twoStepMessages.challengeExpired)
  }
  const code = input.data.code
  await limitedCode(
    deps,
    userId,
    clientKey,
    () => deps.db.transaction((tx) => useCode(deps, userId, code, tx)),
    () => new AppError('INVALID_CREDENTIALS', twoStepMessages.invalidCode, { code: [twoStepMessages.invalidCode] }),
  )
  return userId
}
