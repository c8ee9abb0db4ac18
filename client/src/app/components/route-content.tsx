import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { LoadingOverlay } from '../../components/ui/loading-overlay';
import { AppErrorView } from './app-error';

const zoomFade = keyframes`
  from { opacity: 0; transform: scale(0.97); }
  to { opacity: 1; transform: none; }
`;

/** zoom-fade route transition (CSS only). */
const StyledZoomFade = styled.div`
  animation: ${zoomFade} ${({ theme }) => theme.durations.route} ease-out both;
`;

/**
 * The routed page. Keyed by path, so every navigation mounts a fresh Suspense boundary
 * (the loading overlay shows while the page chunk loads and is gone once it renders)
 * and a fresh error boundary (a failed chunk shows the chunk error page).
 */
export function RouteContent() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <AppErrorView error={error} />}>
      <Suspense fallback={<LoadingOverlay />}>
        <StyledZoomFade>
          <Outlet />
        </StyledZoomFade>
      </Suspense>
    </ErrorBoundary>
  );
}
