import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { importScreen } from '../lib/loading/import-screen';
import { RootLayout } from './root-layout';
import { notFound, RouteErrorBoundary, RouteErrorScreen } from './route-error-screen';
import { HomeRoute } from './routes/home-route';

// Only the welcome screen is in the first load; every other screen is a chunk of its own, loaded when it
// opens (the screen on view stays until then: navigations are transitions).
// The game screen carries maplibre and Photo Sphere Viewer.
const GameRoute = lazy(() => importScreen(() => import('./routes/game-route')).then((module) => ({ default: module.GameRoute })));
const UserRoute = lazy(() => importScreen(() => import('./routes/user-route')).then((module) => ({ default: module.UserRoute })));
const LeaderboardRoute = lazy(() => importScreen(() => import('./routes/leaderboard-route')).then((module) => ({ default: module.LeaderboardRoute })));
const LocRoute = lazy(() => importScreen(() => import('./routes/loc-route')).then((module) => ({ default: module.LocRoute })));
// The map page and the map editor draw maps (maplibre).
const MapRoute = lazy(() => importScreen(() => import('./routes/map-route')).then((module) => ({ default: module.MapRoute })));
// A challenge's play carries maplibre and Photo Sphere Viewer.
const ChallengeRoute = lazy(() => importScreen(() => import('./routes/challenge-route')).then((module) => ({ default: module.ChallengeRoute })));
// A ranked match's audit and replay (docs/audit.md).
const MatchAuditRoute = lazy(() => importScreen(() => import('./routes/match-audit-route')).then((module) => ({ default: module.MatchAuditRoute })));
// Duelling a recorded player's ghost (docs/ghost-duels.md).
const GhostRoute = lazy(() => importScreen(() => import('./routes/ghost-route')).then((module) => ({ default: module.GhostRoute })));
const MapEditorRoute = lazy(() => importScreen(() => import('./routes/map-editor-route')).then((module) => ({ default: module.MapEditorRoute })));
const PrivacyRoute = lazy(() => importScreen(() => import('./routes/legal-routes')).then((module) => ({ default: module.PrivacyRoute })));
const TermsRoute = lazy(() => importScreen(() => import('./routes/legal-routes')).then((module) => ({ default: module.TermsRoute })));
// The generator tool carries maplibre.
const GeneratorRoute = lazy(() => importScreen(() => import('./routes/generator-route')).then((module) => ({ default: module.GeneratorRoute })));

/**
 * SPEC §2 routes, hash-based, under one root layout whose error screen replaces it when a screen fails
 * (the generator aside). Declared as elements, without a data router: the app loads no data through routes,
 * and the data router would add 15 KB (brotli) to the first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <RouteErrorBoundary>
            <RootLayout />
          </RouteErrorBoundary>
        }
      >
        <Route index element={<HomeRoute />} />
        <Route path="game/:gameId" element={<GameRoute />} />
        <Route path="user/:userId" element={<UserRoute />} />
        <Route path="leaderboard" element={<LeaderboardRoute />} />
        <Route path="leaderboard/:sortBy" element={<LeaderboardRoute />} />
        <Route path="loc/:locId" element={<LocRoute />} />
        <Route path="map/:mapId" element={<MapRoute />} />
        <Route path="challenge/:challengeId" element={<ChallengeRoute />} />
        <Route path="arena/:matchId/audit" element={<MatchAuditRoute />} />
        <Route path="ghost/:gameId" element={<GhostRoute />} />
        <Route path="ghost/:gameId/:playerId" element={<GhostRoute />} />
        <Route path="mapEditor/:key" element={<MapEditorRoute />} />
        <Route path="privacypolicy" element={<PrivacyRoute />} />
        <Route path="termsofservice" element={<TermsRoute />} />
      </Route>
      {/* SPEC §2: the generator tool sits outside the root layout (and keeps SPEC's spelling). */}
      <Route
        path="/genarator/:limit/:key/:region"
        element={
          <RouteErrorBoundary>
            <GeneratorRoute />
          </RouteErrorBoundary>
        }
      />
      <Route path="*" element={<RouteErrorScreen error={notFound} />} />
    </Routes>
  );
}
