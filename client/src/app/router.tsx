import { Navigate, type RouteObject, createBrowserRouter, useRouteError } from 'react-router-dom'
import { AppErrorView } from './components/app-error'
import { AppRoot } from './app-root'
import { RoutePage } from './route-page'
import { ROOT_REDIRECT_ROUTE, ROUTES, type RouteHandle, UNKNOWN_ROUTE_REDIRECT, pathFor } from './route-table'

function RootError() {
  return <AppErrorView error={useRouteError()} />
}

export function buildRouteObjects(): RouteObject[] {
  return [
    {
      element: <AppRoot />,
      errorElement: <RootError />,
      children: [
        { index: true, element: <Navigate to={pathFor(ROOT_REDIRECT_ROUTE)} replace /> },
        ...ROUTES.map((route): RouteObject => ({
          id: route.name,
          path: route.path,
          handle: { route } satisfies RouteHandle,
          element: <RoutePage route={route} />,
        })),
        { path: '*', element: <Navigate to={UNKNOWN_ROUTE_REDIRECT} replace /> },
      ],
    },
  ]
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects())
}

export type AppRouter = ReturnType<typeof createAppRouter>
