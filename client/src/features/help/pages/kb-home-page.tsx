import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useHelpKnowledgeBaseQuery } from '../../../gql/graphql';
import { EditToggle, HelpEditorPanel } from '../components/help-editor';
import { KbCategoryCard, KbCrumbs, StyledCardGrid } from '../components/kb-parts';
import { SearchBox } from '../components/search-box';
import { SEARCH_DEBOUNCE_MS, useDebounced, useHelpLocale, useIsHelpAdmin } from '../lib';

/** The knowledge base's home: its categories with their articles, and a server-side search; admins edit it here. */
export default function KbHomePage({ title }: { title: string }) {
  const { t } = useTranslation('help');
  const locale = useHelpLocale();
  const isAdmin = useIsHelpAdmin();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, previousData, loading, error, refetch } = useHelpKnowledgeBaseQuery({ variables: { locale, q: q || null }, fetchPolicy: 'cache-and-network' });
  const shown = data ?? previousData;

  return (
    <div aria-labelledby="page-title">
      <KbCrumbs />
      <PageHeader title={title} subtitle={t('kb.subtitle')} actions={isAdmin ? <EditToggle editing={editing} onToggle={() => setEditing((v) => !v)} /> : null} />
      {editing ? (
        <HelpEditorPanel section="knowledgeBase" />
      ) : (
        <>
          <SearchBox label={t('kb.search')} value={text} onChange={setText} testId="kb-search" />
          {error && !shown ? (
            <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} testId="kb-error" />
          ) : !shown ? (
            <LoadingState testId="kb-loading" />
          ) : shown.knowledgeBase.length === 0 ? (
            <EmptyState testId="kb-empty">{q ? t('kb.noMatch', { q }) : t('kb.empty')}</EmptyState>
          ) : (
            <StyledCardGrid aria-busy={loading || undefined} data-testid="kb-results">
              {shown.knowledgeBase.map((c) => (
                <KbCategoryCard key={c.id} category={c} />
              ))}
            </StyledCardGrid>
          )}
        </>
      )}
    </div>
  );
}
