import { createHashRouter } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen';
import { importScreen } from '../lib/loading/import-screen';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';
import { HomeRoute } from './routes/home-route';

/** SPEC §2 routes, hash-based, under one root layout with the router's error screen (the generator aside). */
export const router = createHashRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <HomeRoute /> },
      // The game screen carries maplibre and Photo Sphere Viewer: loaded only when a game opens.
      { path: 'game/:gameId', lazy: () => importScreen(() => import('./routes/game-route')).then((module) => ({ Component: module.GameRoute })) },
      // Only the welcome screen is in the first load; every other screen is a chunk of its own.
      { path: 'user/:userId', lazy: () => importScreen(() => import('./routes/user-route')).then((module) => ({ Component: module.UserRoute })) },
      { path: 'leaderboard', lazy: () => importScreen(() => import('./routes/leaderboard-route')).then((module) => ({ Component: module.LeaderboardRoute })) },
      { path: 'leaderboard/:sortBy', lazy: () => importScreen(() => import('./routes/leaderboard-route')).then((module) => ({ Component: module.LeaderboardRoute })) },
      { path: 'loc/:locId', lazy: () => importScreen(() => import('./routes/loc-route')).then((module) => ({ Component: module.LocRoute })) },
      // The map page and the map editor draw maps (maplibre): loaded when opened.
      { path: 'map/:mapId', lazy: () => importScreen(() => import('./routes/map-route')).then((module) => ({ Component: module.MapRoute })) },
      // A challenge's play carries maplibre and Photo Sphere Viewer: loaded when opened.
      { path: 'challenge/:challengeId', lazy: () => importScreen(() => import('./routes/challenge-route')).then((module) => ({ Component: module.ChallengeRoute })) },
      // A ranked match's audit and replay (docs/audit.md): loaded when opened.
      { path: 'arena/:matchId/audit', lazy: () => importScreen(() => import('./routes/match-audit-route')).then((module) => ({ Component: module.MatchAuditRoute })) },
      { path: 'mapEditor/:key', lazy: () => importScreen(() => import('./routes/map-editor-route')).then((module) => ({ Component: module.MapEditorRoute })) },
      { path: 'privacypolicy', lazy: () => importScreen(() => import('./routes/legal-routes')).then((module) => ({ Component: module.PrivacyRoute })) },
      { path: 'termsofservice', lazy: () => importScreen(() => import('./routes/legal-routes')).then((module) => ({ Component: module.TermsRoute })) },
    ],
  },
  {
    // SPEC §2: the generator tool sits outside the root layout (and keeps SPEC's spelling). It carries maplibre.
    path: '/genarator/:limit/:key/:region',
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    lazy: () => importScreen(() => import('./routes/generator-route')).then((module) => ({ Component: module.GeneratorRoute })),
  },
]);
