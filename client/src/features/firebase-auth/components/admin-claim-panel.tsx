import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Panel } from '../../../components/ui/panel'
import { useToast } from '../../../components/ui/toast-provider'
import { FirebaseAdminClaimDocument, SetFirebaseAdminClaimDocument } from '../graphql/admin-claim.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { authConfig } from '../../../lib/auth-config'
import { useErrorText } from '../../../lib/use-error-text'

/**
 * AUTH_PROVIDER=firebase, admins on a user's page: the Firebase `admin` custom claim that
 * manage routes need, granted or removed (audited on the server). Renders nothing in local mode.
 */
export function AdminClaimPanel({ userId }: { userId: string }) {
  const [firebase, setFirebase] = useState(false)
  useEffect(() => {
    let live = true
    authConfig()
      .then((config) => live && setFirebase(config.provider === 'firebase'))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])
  return firebase ? <ClaimControls userId={userId} /> : null
}

function ClaimControls({ userId }: { userId: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const { data, loading } = useQuery(FirebaseAdminClaimDocument, { variables: { userId }, fetchPolicy: 'network-only' })
  const [setClaim, { loading: saving }] = useMutation(SetFirebaseAdminClaimDocument)
  const claim = data?.firebaseAdminClaim

  async function change(admin: boolean) {
    try {
      await setClaim({ variables: { userId, admin }, refetchQueries: ['FirebaseAdminClaim'], awaitRefetchQueries: true })
      toast.show({ variant: 'success', title: t(admin ? 'firebaseAuth.granted' : 'firebaseAuth.removed') })
    } catch (caught) {
      toast.show({ variant: 'danger', title: t('firebaseAuth.failed'), message: errorText(caught) })
    }
  }

  return (
    <Panel
      title={t('firebaseAuth.title')}
      testId="admin-claim"
      actions={
        claim === true || claim === false ? (
          <Button
            variant={claim ? 'danger' : 'secondary'}
            disabled={saving}
            aria-busy={saving}
            onClick={() => void change(!claim)}
            data-testid="admin-claim-toggle"
          >
            {t(claim ? 'firebaseAuth.remove' : 'firebaseAuth.grant')}
          </Button>
        ) : null
      }
    >
      <p data-testid="admin-claim-state">
        {loading && data === undefined ? '…' : t(claim === true ? 'firebaseAuth.has' : claim === false ? 'firebaseAuth.hasNot' : 'firebaseAuth.notLinked')}
      </p>
      <p>{t('firebaseAuth.note')}</p>
    </Panel>
  )
}
