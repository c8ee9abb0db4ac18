import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { StyledCheckGroup } from '../../../components/ui/check-group'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { DataTable } from '../../../components/ui/data-table'
import { StyledFormGrid } from '../../../components/ui/form-grid'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import type { AdminProductFieldsFragment } from '../graphql/shop.generated'
import type { ColorOption } from '../../../gql/types'
import { ShopAdminProductsDocument, ShopCreateProductDocument, ShopRemoveProductDocument, ShopUpdateProductDocument } from '../graphql/product-admin.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { Can } from '../../../lib/ability-context'
import { fieldErrorsOf } from '../../../lib/error-code'
import { useMoney } from '../../../lib/money'
import { useErrorText } from '../../../lib/use-error-text'
import { readAsDataUrl } from '../../../lib/read-file'

const COLOURS: ColorOption[] = ['primary', 'success', 'warning', 'danger', 'info']

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`

interface Draft {
  name: string
  slug: string
  description: string
  brand: string
  price: string
  rating: string
  colorOptions: ColorOption[]
  hasFreeShipping: boolean
  image: string | null
}

const blank: Draft = { name: '', slug: '', description: '', brand: '', price: '0', rating: '5', colorOptions: [], hasFreeShipping: false, image: null }

const draftOf = (p: AdminProductFieldsFragment): Draft => ({
  name: p.name,
  slug: p.slug,
  description: p.description,
  brand: p.brand,
  price: String(p.price),
  rating: String(p.rating),
  colorOptions: COLOURS.filter((c) => p.colorOptions.includes(c)),
  hasFreeShipping: p.hasFreeShipping,
  image: p.image ?? null,
})

/** /apps/e-commerce/products: admins list, add, edit and take products off sale (after a confirmation). */
export default function ProductAdminPage({ title }: { title: string }) {
  const { t } = useTranslation('shop')
  const toast = useToast()
  const errorText = useErrorText()
  const { data, loading, error, refetch } = useQuery(ShopAdminProductsDocument, { fetchPolicy: 'cache-and-network' })
  const money = useMoney(undefined)
  const [editingId, setEditingId] = useState<string | null>(null)
  const [draft, setDraft] = useState<Draft>(blank)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const [removing, setRemoving] = useState<AdminProductFieldsFragment | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const onError = (e: unknown) => {
    setFieldErrors(fieldErrorsOf(e))
    toast.show({ variant: 'danger', title: errorText(e) })
  }
  const saved = () => {
    toast.show({ variant: 'success', title: t('admin.saved') })
    setEditingId(null)
    setDraft(blank)
    setFieldErrors({})
    void refetch()
  }
  const [create, createState] = useMutation(ShopCreateProductDocument, { onCompleted: saved, onError })
  const [update, updateState] = useMutation(ShopUpdateProductDocument, { onCompleted: saved, onError })
  const [remove, removeState] = useMutation(ShopRemoveProductDocument, {
    onCompleted: () => {
      setRemoving(null)
      toast.show({ variant: 'success', title: t('admin.removed') })
      void refetch()
    },
    onError: (e) => {
      setRemoving(null)
      onError(e)
    },
  })
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setFieldErrors({})
    const input = { ...draft, price: Number(draft.price), rating: Number(draft.rating) }
    if (editingId) void update({ variables: { id: editingId, input } })
    else void create({ variables: { input } })
  }
  const onImage = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (file) readAsDataUrl(file).then((image) => set({ image }), onError)
  }
  const products = data?.adminProducts

  return (
    <StyledStack data-testid="product-admin-page">
      <PageHeader title={title} subtitle={t('admin.subtitle')} />
      <Can I="manage" a="Product">
        <Panel title={editingId ? t('admin.editTitle', { name: draft.name }) : t('admin.addTitle')}>
          <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="product-form">
            <StyledStack>
              <StyledFormGrid>
                <TextField
                  label={t('admin.name')}
                  value={draft.name}
                  onChange={(e) => set({ name: e.target.value })}
                  errors={fieldErrors.name}
                  required
                  data-testid="product-name"
                />
                <TextField
                  label={t('admin.slug')}
                  value={draft.slug}
                  onChange={(e) => set({ slug: e.target.value })}
                  errors={fieldErrors.slug}
                  required
                  data-testid="product-slug"
                />
                <TextField label={t('admin.brand')} value={draft.brand} onChange={(e) => set({ brand: e.target.value })} errors={fieldErrors.brand} />
                <TextField
                  label={t('admin.price')}
                  type="number"
                  min={0}
                  step="0.01"
                  value={draft.price}
                  onChange={(e) => set({ price: e.target.value })}
                  errors={fieldErrors.price}
                  data-testid="product-price"
                />
                <TextField
                  label={t('admin.rating')}
                  type="number"
                  min={1}
                  max={5}
                  step={1}
                  value={draft.rating}
                  onChange={(e) => set({ rating: e.target.value })}
                  errors={fieldErrors.rating}
                />
                <TextField label={t('admin.image')} type="file" accept="image/png,image/jpeg,image/webp" onChange={onImage} errors={fieldErrors.image} />
              </StyledFormGrid>
              <TextAreaField
                label={t('admin.description')}
                value={draft.description}
                onChange={(e) => set({ description: e.target.value })}
                errors={fieldErrors.description}
              />
              <StyledCheckGroup>
                <legend>{t('admin.colours')}</legend>
                {COLOURS.map((c) => (
                  <label key={c}>
                    <input
                      type="checkbox"
                      checked={draft.colorOptions.includes(c)}
                      onChange={(e) => set({ colorOptions: e.target.checked ? [...draft.colorOptions, c] : draft.colorOptions.filter((x) => x !== c) })}
                    />
                    {t(`admin.colour.${c}`)}
                  </label>
                ))}
              </StyledCheckGroup>
              <StyledCheckGroup>
                <legend className="visually-hidden">{t('admin.shipping')}</legend>
                <label>
                  <input type="checkbox" checked={draft.hasFreeShipping} onChange={(e) => set({ hasFreeShipping: e.target.checked })} />
                  {t('admin.freeShipping')}
                </label>
                {draft.image ? (
                  <Button variant="ghost" onClick={() => set({ image: null })}>
                    {t('admin.clearImage')}
                  </Button>
                ) : null}
              </StyledCheckGroup>
              <StyledRow>
                <Button type="submit" disabled={createState.loading || updateState.loading} data-testid="product-save">
                  {editingId ? t('admin.save') : t('admin.add')}
                </Button>
                {editingId ? (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setEditingId(null)
                      setDraft(blank)
                      setFieldErrors({})
                    }}
                  >
                    {t('admin.cancel')}
                  </Button>
                ) : null}
              </StyledRow>
            </StyledStack>
          </form>
        </Panel>
      </Can>
      <Panel title={products ? t('admin.count', { count: products.length }) : title}>
        <DataTable
          columns={[
            {
              key: 'name',
              header: t('admin.name'),
              cell: (p: AdminProductFieldsFragment) => (
                <>
                  {p.name}
                  <br />
                  <small>{p.slug}</small>
                </>
              ),
            },
            { key: 'brand', header: t('admin.brand'), cell: (p: AdminProductFieldsFragment) => p.brand },
            { key: 'price', header: t('admin.price'), cell: (p: AdminProductFieldsFragment) => money(p.price) },
            { key: 'state', header: t('admin.state'), cell: (p: AdminProductFieldsFragment) => (p.removed ? t('admin.offSale') : t('admin.onSale')) },
            {
              key: 'actions',
              header: t('admin.actions'),
              cell: (p: AdminProductFieldsFragment) => (
                <Can I="manage" a="Product">
                  <StyledRow>
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setEditingId(p.id)
                        setDraft(draftOf(p))
                        setFieldErrors({})
                        // Keyboard users land in the form they opened.
                        formRef.current?.querySelector('input')?.focus()
                      }}
                      aria-label={t('admin.editNamed', { name: p.name })}
                    >
                      {t('admin.edit')}
                    </Button>
                    {p.removed ? null : (
                      <Button variant="danger" onClick={() => setRemoving(p)} aria-label={t('admin.removeNamed', { name: p.name })}>
                        {t('admin.remove')}
                      </Button>
                    )}
                  </StyledRow>
                </Can>
              ),
            },
          ]}
          rows={products}
          rowKey={(p) => p.id}
          error={error}
          onRetry={() => void refetch()}
          loading={loading}
          empty={t('admin.empty')}
          emptyTestId="product-admin-empty"
          testId="product-admin-table"
          rowTestId="product-admin-row"
        />
      </Panel>
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.removeTitle')}
        message={t('admin.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('admin.remove')}
        busy={removeState.loading}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove({ variables: { id: removing.id } })}
      />
    </StyledStack>
  )
}
