import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { LoadingState } from '../../components/ui/loading-state';
import { AppErrorView } from './app-error';
import { PageViews } from './page-views';

const zoomFade = keyframes`
  from { opacity: 0; transform: scale(0.97); }
  to { opacity: 1; transform: none; }
`;

/** zoom-fade route transition (CSS only); none for people who ask for reduced motion. */
const StyledZoomFade = styled.div`
  animation: ${zoomFade} ${({ theme }) => theme.durations.route} ease-out both;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** Holds the content area's place while a page chunk loads, so the layout does not jump. */
const StyledPageLoading = styled.div`
  display: flex;
  justify-content: center;
  min-height: 50vh;
`;

/**
 * The routed page. Keyed by path, so every navigation mounts a fresh Suspense boundary
 * (a loading state shows in the content area while the page chunk loads — the menu and top
 * bar stay — and is gone once it renders) and a fresh error boundary (a failed chunk shows
 * the chunk error page).
 */
export function RouteContent() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <AppErrorView error={error} />}>
      <Suspense
        fallback={
          <StyledPageLoading>
            <LoadingState testId="page-loading" />
          </StyledPageLoading>
        }
      >
        <StyledZoomFade>
          <PageViews />
          <Outlet />
        </StyledZoomFade>
      </Suspense>
    </ErrorBoundary>
  );
}
